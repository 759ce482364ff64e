import { dataSource, readData, type DataSource } from '../data-source.js';
import type { Mlp, NetRunner } from './mlp.js';

/**
 * `Mlp`'s forward pass in WebAssembly SIMD (the hand-written kernel wasm-mlp.wat, assembled at build time
 * by scripts/build-wasm.mjs). Each net gets its own instance whose linear memory holds a copy of the weights,
 * copied in once; `Mlp.accelerate` routes the net's forward passes there until a training step.
 *
 * The kernel computes the hidden layer in f32 like `Mlp` (whose hidden units are f32 too) with its own exp
 * (wasm-mlp.wat), and the outputs' pre-activations; their sigmoids are taken here in f64, as `Mlp` does, so
 * that hopeless and certain positions keep their order instead of all rounding to 0 or 1 in f32. Outputs
 * differ from the TypeScript pass by rounding only (wasm-mlp.test.ts bounds the difference).
 *
 * Fallback: where WebAssembly or its SIMD is missing (`WebAssembly.validate` of a one-instruction probe), or
 * where the data source says `wasm: false` (Node: NARDY_WASM=0 in the environment), nets keep the TypeScript
 * pass. A missing or corrupt kernel file is a broken install, as a bad net file is (load.ts): it throws, naming
 * the file and the way out.
 */
export const KERNEL_FILE = 'src/net/wasm-mlp.wasm';

/** (module (func (result v128) (v128.const i32x4 0 0 0 0))) */
const SIMD_PROBE = Uint8Array.from([
  0x00,
  0x61,
  0x73,
  0x6d,
  0x01,
  0x00,
  0x00,
  0x00,
  0x01,
  0x05,
  0x01,
  0x60,
  0x00,
  0x01,
  0x7b,
  0x03,
  0x02,
  0x01,
  0x00,
  0x0a,
  0x16,
  0x01,
  0x14,
  0x00,
  0xfd,
  0x0c,
  ...new Array<number>(16).fill(0),
  0x0b,
]);

export const simdSupported = (): boolean => typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);

/** Compiles the kernel read from `source`; throws with the file's name and what to do when it is missing or corrupt. */
export function loadKernel(source: DataSource = dataSource()): WebAssembly.Module {
  const fix = 'rebuild it (node packages/ai/scripts/build-wasm.mjs) or set NARDY_WASM=0 for the TypeScript nets';
  const bytes = readData(KERNEL_FILE, 'the net kernel', fix, source);
  let module: WebAssembly.Module;
  try {
    module = new WebAssembly.Module(bytes);
  } catch (e) {
    throw new Error(`${KERNEL_FILE}: not a valid WebAssembly module (${(e as Error).message}); ${fix}`);
  }
  const exports = WebAssembly.Module.exports(module).map((e) => e.name);
  if (!exports.includes('forward') || !exports.includes('memory')) throw new Error(`${KERNEL_FILE}: lacks the forward kernel; ${fix}`);
  return module;
}

let kernel: WebAssembly.Module | null | undefined;

/** The kernel, compiled once per thread; null where nets are to keep the TypeScript pass. */
export function wasmKernel(source: DataSource = dataSource()): WebAssembly.Module | null {
  if (kernel === undefined) kernel = source.wasm === false || !simdSupported() ? null : loadKernel(source);
  return kernel;
}

/** The kernel's entry: see wasm-mlp.wat for the parameters (byte offsets into its memory). */
type Forward = (x: number, n: number, nz: number, h: number, b1: number, w1: number, hp: number, w2: number, b2: number, nout: number, out: number) => void;

const align = (bytes: number): number => Math.ceil(bytes / 16) * 16;

export class WasmMlp implements NetRunner {
  /** The kernel bound to this net's layout. */
  private readonly run: () => void;
  private readonly x: Float32Array;
  private readonly o: Float32Array;

  constructor(net: Mlp, module: WebAssembly.Module) {
    const { inputs: n, hidden, outputs: nout } = net.shape;
    const hp = Math.ceil(hidden / 16) * 16;
    // Layout: x, the non-zero list, h, b1, w1, w2, b2, out.
    const at = { x: 0, nz: align(n * 4), h: 0, b1: 0, w1: 0, w2: 0, b2: 0, out: 0 };
    at.h = at.nz + align(n * 8);
    at.b1 = at.h + hp * 4;
    at.w1 = at.b1 + hp * 4;
    at.w2 = at.w1 + n * hp * 4;
    at.b2 = at.w2 + nout * hp * 4;
    at.out = at.b2 + align(nout * 4);
    const bytes = at.out + align(nout * 4);

    const instance = new WebAssembly.Instance(module, {});
    const memory = instance.exports['memory'] as WebAssembly.Memory;
    const pages = Math.ceil(bytes / 65536) - memory.buffer.byteLength / 65536;
    if (pages > 0) memory.grow(pages);
    // Views are made after the memory has grown (growing detaches the old buffer).
    const f32 = new Float32Array(memory.buffer);
    const { w1, b1, w2, b2 } = net.weights;
    f32.set(b1, at.b1 / 4);
    for (let i = 0; i < n; i++) f32.set(w1.subarray(i * hidden, (i + 1) * hidden), at.w1 / 4 + i * hp);
    for (let k = 0; k < nout; k++) f32.set(w2.subarray(k * hidden, (k + 1) * hidden), at.w2 / 4 + k * hp);
    f32.set(b2, at.b2 / 4);

    const forward = instance.exports['forward'] as Forward;
    const { x: xAt, nz: nzAt, h: hAt, b1: b1At, w1: w1At, w2: w2At, b2: b2At, out: outAt } = at;
    this.run = () => forward(xAt, n, nzAt, hAt, b1At, w1At, hp, w2At, b2At, nout, outAt);
    this.x = f32.subarray(0, n);
    this.o = f32.subarray(at.out / 4, at.out / 4 + nout);
  }

  forward(x: Float32Array, out: Float64Array): void {
    this.x.set(x);
    this.run();
    const o = this.o;
    for (let k = 0; k < o.length; k++) out[k] = 1 / (1 + Math.exp(-o[k]!));
  }
}

/** Routes `net`'s forward passes to a WebAssembly copy of its weights where the kernel is available. */
export function accelerate(net: Mlp, module: WebAssembly.Module | null = wasmKernel()): Mlp {
  if (module) net.accelerate(new WasmMlp(net, module));
  return net;
}
