import { Mlp } from './mlp.js';

/**
 * The weighted mean of nets of one shape, weight by weight (a "model soup"; with two nets, the interpolation of
 * robust fine-tuning, WiSE-FT). It only makes sense for nets fine-tuned from one parent: they stay in one basin
 * of the loss, where the mean of their weights computes about the mean of what they learnt, keeping what they
 * agree on and damping what each learnt alone (its labels' noise). Nets trained apart share no such basin.
 *
 * `shares` are the nets' weights in the mean: non-negative, not all zero, scaled to sum to one.
 */
export function blendNets(nets: readonly Mlp[], shares: readonly number[]): Mlp {
  if (nets.length === 0 || nets.length !== shares.length) throw new RangeError(`blend: ${nets.length} nets and ${shares.length} shares`);
  if (shares.some((s) => !Number.isFinite(s) || s < 0)) throw new RangeError(`blend: shares must be non-negative numbers, not ${shares.join(', ')}`);
  const total = shares.reduce((a, b) => a + b, 0);
  if (total <= 0) throw new RangeError('blend: the shares sum to zero');
  const { inputs, hidden, outputs } = nets[0]!.shape;
  const other = nets.find((n) => n.shape.inputs !== inputs || n.shape.hidden !== hidden || n.shape.outputs !== outputs);
  if (other)
    throw new RangeError(`blend: a ${other.shape.inputs}-${other.shape.hidden}-${other.shape.outputs} net cannot join ${inputs}-${hidden}-${outputs} nets`);
  const mean = (part: 'w1' | 'b1' | 'w2' | 'b2'): Float32Array => {
    const sum = new Float64Array(nets[0]!.weights[part].length);
    nets.forEach((net, k) => {
      const w = net.weights[part];
      const share = shares[k]! / total;
      for (let i = 0; i < sum.length; i++) sum[i]! += share * w[i]!;
    });
    return Float32Array.from(sum);
  };
  return new Mlp(nets[0]!.shape, { w1: mean('w1'), b1: mean('b1'), w2: mean('w2'), b2: mean('b2') });
}
