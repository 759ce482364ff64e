import { execFileSync } from 'node:child_process';
import { fc, test } from '@fast-check/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { legalTurns, opposite, seededRng, winnerOf, type Dice, type Position } from '@nardy/engine';
import { playedPositionArb, randomPlayPosition } from '@nardy/engine/testing';
import { bytesSource } from '../data-source.js';
import { loadNet } from './load.js';
import { Mlp } from './mlp.js';
import { shortClassOf } from './short-evaluator.js';
import { SHORT_ENCODING, SHORT_INPUTS, encodeShort } from './short-inputs.js';
import { KERNEL_FILE, WasmMlp, accelerate, loadKernel, simdSupported, wasmKernel } from './wasm-mlp.js';

/** The kernel's outputs differ from the TypeScript pass by f32 rounding only (measured: < 2e-7 on the committed nets). */
const TOLERANCE = 1e-6;

const kernel = loadKernel();
const outputs = (net: { forward(x: Float32Array, out: Float64Array): void }, x: Float32Array): number[] => {
  const out = new Float64Array(5);
  net.forward(x, out);
  return Array.from(out);
};
const maxDiff = (a: number[], b: number[]): number => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

describe('the WebAssembly SIMD forward pass', () => {
  it('runs here (Node 20 has WebAssembly SIMD), and the committed kernel is what wasm-mlp.wat assembles to', () => {
    expect(simdSupported()).toBe(true);
    const script = new URL('../../scripts/build-wasm.mjs', import.meta.url);
    expect(execFileSync(process.execPath, [script.pathname, '--check'], { encoding: 'utf8' })).toMatch(/up to date/);
  }, 60_000); // binaryen takes seconds to load

  const netArb = fc.record({
    inputs: fc.integer({ min: 1, max: 40 }),
    hidden: fc.integer({ min: 1, max: 70 }),
    outputs: fc.integer({ min: 1, max: 8 }),
    seed: fc.integer(),
    scale: fc.constantFrom(0.1, 1, 4),
  });
  test.prop([netArb, fc.integer()], { numRuns: 150 })('equals the TypeScript pass on random nets and inputs, any hidden width', (s, seed) => {
    const net = Mlp.random(s, seededRng(s.seed), s.scale);
    const rng = seededRng(seed);
    // Sparse inputs as the encoders write them: mostly zeros, some ones, some fractions (also negative).
    const x = Float32Array.from({ length: s.inputs }, () => {
      const r = rng();
      return r < 0.6 ? 0 : r < 0.85 ? 1 : (rng() - 0.3) * 3;
    });
    const ts = new Float64Array(s.outputs);
    const wasm = new Float64Array(s.outputs);
    net.forward(x, ts);
    new WasmMlp(net, kernel).forward(x, wasm);
    // f32 rounding grows with the size of the output's sum: random nets at scale 4 with 70 hidden units reach
    // |w2| sums past 100 (the committed nets' stay small), so the bound scales with it beyond 64.
    for (let k = 0; k < s.outputs; k++) {
      const size = net.weights.w2.subarray(k * s.hidden, (k + 1) * s.hidden).reduce((a, w) => a + Math.abs(w), 0);
      expect(Math.abs(wasm[k]! - ts[k]!)).toBeLessThan(TOLERANCE * Math.max(1, size / 64));
    }
  });

  it('saturates like the sigmoid: huge pre-activations give 0 and 1, not NaN', () => {
    const net = new Mlp(
      { inputs: 1, hidden: 2, outputs: 2 },
      { w1: Float32Array.from([1e4, -1e4]), b1: new Float32Array(2), w2: Float32Array.from([1e4, 1e4, -1e4, -1e4]), b2: new Float32Array(2) },
    );
    expect(outputs(new WasmMlp(net, kernel), Float32Array.from([1])).slice(0, 2)).toEqual([1, 0]);
    const hidden = new Mlp(
      { inputs: 1, hidden: 2, outputs: 1 },
      { w1: Float32Array.from([1e4, -1e4]), b1: new Float32Array(2), w2: Float32Array.from([1, 1]), b2: new Float32Array(1) },
    );
    // Hidden units 1 and 2^-126 (the kernel's exp is clamped there), so the output is sigmoid(1 + 2^-126).
    expect(outputs(new WasmMlp(hidden, kernel), Float32Array.from([1]))[0]).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
  });

  const contact = loadNet('short-contact.nnet', SHORT_ENCODING).net;
  const crashed = loadNet('short-crashed.nnet', SHORT_ENCODING).net;
  const race = loadNet('short-race.nnet', SHORT_ENCODING).net;
  const plain = { contact: contact.clone(), crashed: crashed.clone(), race: race.clone() };
  const fast = { contact, crashed, race };

  test.prop([playedPositionArb('short', 200)], { numRuns: 300 })('the committed nets, loaded, run in WebAssembly with the TypeScript results', (pos) => {
    expect(contact.accelerated && crashed.accelerated && race.accelerated).toBe(true);
    const me = pos.board[pos.turn];
    const them = pos.board[opposite(pos.turn)];
    const x = encodeShort(me, them, new Float32Array(SHORT_INPUTS));
    const cls = shortClassOf(me, them);
    expect(maxDiff(outputs(fast[cls], x), outputs(plain[cls], x))).toBeLessThan(TOLERANCE);
  });

  it('chooses the same 0-ply turns as the TypeScript pass', () => {
    /** Index of the best turn by cubeless equity of the raw outputs (each result seen by the opponent). */
    const best = (nets: typeof fast, pos: Position, dice: Dice): number => {
      const input = new Float32Array(SHORT_INPUTS);
      const out = new Float64Array(5);
      let at = -1;
      let top = -Infinity;
      legalTurns(pos, dice).forEach((t, i) => {
        let e = Infinity;
        if (!winnerOf(t.after)) {
          const me = t.after.board[t.after.turn];
          const them = t.after.board[opposite(t.after.turn)];
          nets[shortClassOf(me, them)].forward(encodeShort(me, them, input), out);
          e = -(2 * out[0]! - 1 + out[1]! + out[2]! - out[3]! - out[4]!);
        }
        if (e > top) [at, top] = [i, e];
      });
      return at;
    };
    const rng = seededRng(5);
    let differ = 0;
    const n = 400;
    for (let i = 0; i < n; i++) {
      const pos = randomPlayPosition('short', i, { plies: Math.floor(rng() * 120) });
      if (winnerOf(pos)) continue;
      const dice: Dice = [(1 + Math.floor(rng() * 6)) as Dice[0], (1 + Math.floor(rng() * 6)) as Dice[1]];
      if (best(fast, pos, dice) !== best(plain, pos, dice)) differ++;
    }
    // The target is > 99.9 % agreement; bench/eval.js measures it over thousands of positions.
    expect(differ).toBe(0);
  });

  it('a training step drops the WebAssembly copy (its weights would be stale) and trains on the TypeScript pass', () => {
    const net = accelerate(Mlp.random({ inputs: 6, hidden: 20, outputs: 5 }, seededRng(2), 1), kernel);
    expect(net.accelerated).toBe(true);
    const x = Float32Array.from([1, 0, 1, 0.5, 0, 1]);
    const before = outputs(net, x);
    net.train(x, [1, 1, 1, 0, 0], 0.5, new Float64Array(5));
    expect(net.accelerated).toBe(false);
    const after = outputs(net, x);
    expect(after[0]).toBeGreaterThan(before[0]!);
    expect(maxDiff(after, outputs(net.clone(), x))).toBe(0);
  });
});

describe('the fallback', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('NARDY_WASM=0 keeps the TypeScript pass: loaded nets are not accelerated and give its outputs', async () => {
    vi.stubEnv('NARDY_WASM', '0');
    vi.resetModules();
    // A fresh module graph has no data source: the Node one reads the environment when it is made.
    (await import('../node/files.js')).useNodeData();
    const fresh = await import('./wasm-mlp.js');
    expect(fresh.wasmKernel()).toBeNull();
    const load = await import('./load.js');
    const net = load.loadNet('short-race.nnet', SHORT_ENCODING).net;
    expect(net.accelerated).toBe(false);
    const x = encodeShort(
      randomPlayPosition('short', 1, { plies: 10 }).board.white,
      randomPlayPosition('short', 1, { plies: 10 }).board.black,
      new Float32Array(SHORT_INPUTS),
    );
    expect(outputs(net, x)).toEqual(outputs(net.clone(), x));
  });

  it('without a kernel (no WebAssembly SIMD) accelerate leaves the net as it is', () => {
    const net = Mlp.random({ inputs: 3, hidden: 4, outputs: 2 }, seededRng(1));
    expect(accelerate(net, null).accelerated).toBe(false);
    expect(wasmKernel()).not.toBeNull();
  });

  it('a missing or corrupt kernel file is an error naming the file and the way out', () => {
    expect(() => loadKernel(bytesSource({}))).toThrow(/cannot read the net kernel src\/net\/wasm-mlp\.wasm.*NARDY_WASM=0/);
    const corrupt = bytesSource({ [KERNEL_FILE]: Uint8Array.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 0xff, 0xff]) });
    expect(() => loadKernel(corrupt)).toThrow(/wasm-mlp\.wasm: not a valid WebAssembly module.*build-wasm/);
  });
});
