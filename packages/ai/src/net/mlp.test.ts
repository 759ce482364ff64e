import { describe, expect, it } from 'vitest';
import { seededRng } from '@nardy/engine';
import { Mlp } from './mlp.js';
import { decodeNet, encodeNet } from './net-file.js';

const shape = { inputs: 7, hidden: 5, outputs: 3 };

/** The textbook dense forward pass, to check the sparse one against. */
function denseForward(net: Mlp, x: Float32Array): number[] {
  const { w1, b1, w2, b2 } = net.weights;
  const s = (v: number): number => 1 / (1 + Math.exp(-v));
  const h = Array.from({ length: shape.hidden }, (_, j) => s(b1[j]! + Array.from(x).reduce((a, xi, i) => a + xi * w1[i * shape.hidden + j]!, 0)));
  return Array.from({ length: shape.outputs }, (_, k) => s(b2[k]! + h.reduce((a, hj, j) => a + hj * w2[k * shape.hidden + j]!, 0)));
}

describe('Mlp', () => {
  it('the sparse forward pass equals the dense one, outputs in (0, 1)', () => {
    const net = Mlp.random(shape, seededRng(3), 1);
    const x = Float32Array.from([0, 1, 0, 0.5, 0, 2, 0]);
    const out = new Float64Array(3);
    net.forward(x, out);
    const dense = denseForward(net, x);
    for (let k = 0; k < 3; k++) {
      expect(out[k]).toBeCloseTo(dense[k]!, 6);
      expect(out[k]).toBeGreaterThan(0);
      expect(out[k]).toBeLessThan(1);
    }
  });

  it('training moves the outputs towards the target (cross-entropy steps)', () => {
    const net = Mlp.random(shape, seededRng(4));
    const x = Float32Array.from([1, 0, 0, 1, 0, 0, 0.5]);
    const target = [0.9, 0.1, 0.3];
    const out = new Float64Array(3);
    const first = net.train(x, target, 0.5, out);
    let last = first;
    for (let i = 0; i < 200; i++) last = net.train(x, target, 0.5, out);
    expect(last).toBeLessThan(first / 100);
    net.forward(x, out);
    expect(out[0]).toBeCloseTo(0.9, 2);
  });

  it('output-only training leaves the hidden layer alone and still fits the target', () => {
    const net = Mlp.random(shape, seededRng(4));
    const { w1, b1 } = net.weights;
    const before = [w1.slice(), b1.slice()];
    const x = Float32Array.from([1, 0, 0, 1, 0, 0, 0.5]);
    const out = new Float64Array(3);
    const first = net.train(x, [0.9, 0.1, 0.3], 0.5, out, true);
    let last = first;
    for (let i = 0; i < 400; i++) last = net.train(x, [0.9, 0.1, 0.3], 0.5, out, true);
    expect(last).toBeLessThan(first / 100);
    expect(net.weights.w1).toEqual(before[0]);
    expect(net.weights.b1).toEqual(before[1]);
  });

  it('accumulating a gradient leaves the weights alone and equals the step `train` takes at rate 1', () => {
    const net = Mlp.random(shape, seededRng(7), 1);
    const x = Float32Array.from([1, 0, 0.5, 1, 0, 2, 0]);
    const target = [0.7, 0.2, 0.4];
    const grad = { w1: new Float32Array(35), b1: new Float32Array(5), w2: new Float32Array(15), b2: new Float32Array(3) };
    const before = net.clone();
    const out = new Float64Array(3);
    net.accumulate(x, target, out, grad);
    expect(net.weights).toEqual(before.weights);
    before.train(x, target, 1, out);
    const moved = (k: 'w1' | 'b1' | 'w2' | 'b2'): number[] => Array.from(before.weights[k], (w, i) => w - net.weights[k][i]!);
    for (const k of ['w1', 'b1', 'w2', 'b2'] as const) moved(k).forEach((d, i) => expect(d).toBeCloseTo(grad[k][i]!, 5));
  });

  it('carries a net over to longer inputs with the same outputs (withInputs), and refuses a clash', () => {
    const net = Mlp.random(shape, seededRng(8), 1);
    // Inputs 0–3 stay, 4–6 move up by two; the new inputs 4 and 5 start at zero weight.
    const longer = net.withInputs(9, (i) => (i < 4 ? i : i + 2));
    const x = Float32Array.from([1, 0, 0.5, 1, 0, 2, 0]);
    const x9 = Float32Array.from([1, 0, 0.5, 1, 3, 7, 0, 2, 0]);
    const [a, b] = [new Float64Array(3), new Float64Array(3)];
    net.forward(x, a);
    longer.forward(x9, b);
    expect(Array.from(b)).toEqual(Array.from(a));
    expect(() => net.withInputs(9, (i) => Math.min(i, 5))).toThrow(RangeError);
    expect(() => net.withInputs(6, (i) => i)).toThrow(RangeError);
  });

  it('widening keeps the outputs and then trains the new units too', () => {
    const net = Mlp.random(shape, seededRng(5), 1);
    const wide = net.widen(9, seededRng(6));
    expect(wide.shape).toEqual({ ...shape, hidden: 9 });
    const x = Float32Array.from([0, 1, 0, 0.5, 0, 2, 1]);
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    net.forward(x, a);
    wide.forward(x, b);
    for (let k = 0; k < 3; k++) expect(b[k]).toBeCloseTo(a[k]!, 6);
    for (let i = 0; i < 5; i++) wide.train(x, [0.9, 0.1, 0.3], 0.5, b);
    const w2 = wide.weights.w2;
    expect([5, 6, 7, 8].some((j) => w2[j] !== 0)).toBe(true);
    expect(() => net.widen(4, seededRng(1))).toThrow(/cannot widen/);
  });

  it('rejects weights of the wrong size', () => {
    const w = Mlp.random(shape, seededRng(1)).weights;
    expect(() => new Mlp({ ...shape, hidden: 6 }, w)).toThrow(/do not fit/);
  });
});

describe('net files', () => {
  const net = Mlp.random(shape, seededRng(9));
  const bytes = encodeNet(net, { encoding: 'test-v1', name: 'test/net', training: { games: 12 } });

  it('round-trips weights and header exactly', () => {
    const back = decodeNet(bytes);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value.meta).toEqual({ encoding: 'test-v1', name: 'test/net', training: { games: 12 }, shape });
    expect(Array.from(back.value.net.weights.w1)).toEqual(Array.from(net.weights.w1));
    expect(Array.from(back.value.net.weights.b2)).toEqual(Array.from(net.weights.b2));
  });

  it('refuses corrupt files with BAD_NET_FILE and a reason', () => {
    const cases: [string, Uint8Array, RegExp][] = [
      ['empty', new Uint8Array(0), /magic/],
      ['bad magic', Uint8Array.from(bytes, (b, i) => (i === 0 ? 0 : b)), /magic/],
      ['truncated weights', bytes.subarray(0, bytes.length - 4), /expected \d+ weights/],
      ['trailing bytes', Uint8Array.from([...bytes, 0, 0, 0, 0]), /expected \d+ weights/],
    ];
    const nan = bytes.slice();
    new DataView(nan.buffer).setFloat32(nan.length - 4, Number.NaN, true);
    cases.push(['a NaN weight', nan, /not a finite number/]);
    const badHeader = bytes.slice();
    badHeader[12] = 0x7b + 1; // the header's opening brace
    cases.push(['a broken header', badHeader, /not JSON/]);
    for (const [, b, why] of cases) {
      const r = decodeNet(b);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('BAD_NET_FILE');
        expect(r.error.message).toMatch(why);
      }
    }
  });
});
