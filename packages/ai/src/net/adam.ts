import type { Mlp, MlpWeights } from './mlp.js';

const zerosLike = (w: MlpWeights): MlpWeights => ({
  w1: new Float32Array(w.w1.length),
  b1: new Float32Array(w.b1.length),
  w2: new Float32Array(w.w2.length),
  b2: new Float32Array(w.b2.length),
});
const parts = (w: MlpWeights): Float32Array[] => [w.w1, w.b1, w.w2, w.b2];

/**
 * Adam (Kingma and Ba) over mini-batches for one net. A net trained by TD(λ) has many saturated hidden units
 * (σ′ near 0), so a plain stochastic step barely moves its first layer, and new inputs that start at zero
 * weight hardly learn; Adam scales each weight's step by its own gradient's running size, which reaches them.
 * Feed a batch with `add`, then `step`.
 */
export class AdamTrainer {
  private readonly grad: MlpWeights;
  private readonly m: MlpWeights;
  private readonly v: MlpWeights;
  private batch = 0;
  private steps = 0;

  /** Examples added since the last step. */
  get pending(): number {
    return this.batch;
  }

  constructor(
    readonly net: Mlp,
    private readonly beta1 = 0.9,
    private readonly beta2 = 0.999,
    private readonly epsilon = 1e-8,
  ) {
    this.grad = zerosLike(net.weights);
    this.m = zerosLike(net.weights);
    this.v = zerosLike(net.weights);
  }

  /** Adds one example's gradient to the batch; returns its squared error before any step. */
  add(x: Float32Array, target: ArrayLike<number>, out: Float64Array): number {
    this.batch++;
    return this.net.accumulate(x, target, out, this.grad);
  }

  /** One Adam step of size `rate` along the batch's mean gradient; the batch starts again empty. */
  step(rate: number): void {
    if (this.batch === 0) return;
    this.steps++;
    const scale = 1 / this.batch;
    const c1 = 1 - this.beta1 ** this.steps;
    const c2 = 1 - this.beta2 ** this.steps;
    const [ws, gs, ms, vs] = [parts(this.net.weights), parts(this.grad), parts(this.m), parts(this.v)];
    for (let p = 0; p < ws.length; p++) {
      const [w, g, m, v] = [ws[p]!, gs[p]!, ms[p]!, vs[p]!];
      for (let i = 0; i < w.length; i++) {
        const gi = g[i]! * scale;
        m[i] = this.beta1 * m[i]! + (1 - this.beta1) * gi;
        v[i] = this.beta2 * v[i]! + (1 - this.beta2) * gi * gi;
        w[i]! += (rate * (m[i]! / c1)) / (Math.sqrt(v[i]! / c2) + this.epsilon);
      }
      g.fill(0);
    }
    this.batch = 0;
  }
}
