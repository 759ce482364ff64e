import { describe, expect, it } from 'vitest';
import { seededRng } from '@nardy/engine';
import { AdamTrainer } from './adam.js';
import { Mlp } from './mlp.js';

describe('AdamTrainer', () => {
  // A small regression: two outputs that are smooth functions of four inputs.
  const rng = seededRng(11);
  const examples = Array.from({ length: 64 }, () => {
    const x = Float32Array.from({ length: 4 }, () => rng());
    return { x, target: [1 / (1 + Math.exp(-(2 * x[0]! - x[1]!))), x[2]! * x[3]!] };
  });
  const error = (net: Mlp): number => {
    const out = new Float64Array(2);
    return examples.reduce((sq, e) => (net.forward(e.x, out), sq + (e.target[0]! - out[0]!) ** 2 + (e.target[1]! - out[1]!) ** 2), 0);
  };

  it('fits a batch problem by mini-batch steps', () => {
    const net = Mlp.random({ inputs: 4, hidden: 8, outputs: 2 }, seededRng(12));
    const trainer = new AdamTrainer(net);
    const out = new Float64Array(2);
    const first = error(net);
    for (let epoch = 0; epoch < 300; epoch++) {
      for (const e of examples) {
        trainer.add(e.x, e.target, out);
        if (trainer.pending === 16) trainer.step(0.01);
      }
    }
    expect(trainer.pending).toBe(0);
    expect(error(net)).toBeLessThan(first / 20);
  });

  it('moves a weight whose gradient is tiny as far as one whose gradient is large (per-weight scaling)', () => {
    const net = Mlp.random({ inputs: 2, hidden: 3, outputs: 1 }, seededRng(13));
    const before = net.clone();
    const trainer = new AdamTrainer(net);
    // Input 1 is a thousand times smaller than input 0: its weights' gradients are too.
    trainer.add(Float32Array.from([1, 0.001]), [0.9], new Float64Array(1));
    trainer.step(0.01);
    const { w1 } = net.weights;
    for (let j = 0; j < 3; j++) {
      // The first Adam step is ±rate for every weight with a gradient, whatever its size.
      expect(Math.abs(w1[j]! - before.weights.w1[j]!)).toBeCloseTo(0.01, 4);
      expect(Math.abs(w1[3 + j]! - before.weights.w1[3 + j]!)).toBeCloseTo(0.01, 4);
    }
  });

  it('a step with an empty batch changes nothing', () => {
    const net = Mlp.random({ inputs: 2, hidden: 3, outputs: 1 }, seededRng(14));
    const before = net.clone();
    new AdamTrainer(net).step(0.01);
    expect(net.weights).toEqual(before.weights);
  });
});
