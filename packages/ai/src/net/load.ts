import { dataSource, readData, type DataSource } from '../data-source.js';
import { decodeNet, type LoadedNet } from './net-file.js';
import { accelerate, wasmKernel } from './wasm-mlp.js';

/** The package folder of the trained nets: a net file `f` is `weights/f` to the data source. */
export const WEIGHTS = 'weights/';

/**
 * Decodes one net file's bytes; throws naming the file (`where`) and the reason when it is corrupt (a broken
 * install must fail loudly, not play with garbage weights). `encoding` guards against a file of another input
 * layout. The net comes accelerated (wasm-mlp.ts: its forward passes run in WebAssembly SIMD where available,
 * until it is trained).
 */
export function netFromBytes(bytes: Uint8Array, where: string, encoding: string, source: DataSource = dataSource()): LoadedNet {
  const decoded = decodeNet(bytes);
  if (!decoded.ok) throw new Error(`${where}: ${decoded.error.message}`);
  if (decoded.value.meta.encoding !== encoding) {
    throw new Error(`${where}: the net reads inputs "${decoded.value.meta.encoding}", expected "${encoding}"`);
  }
  return { net: accelerate(decoded.value.net, wasmKernel(source)), meta: decoded.value.meta };
}

/** Reads one of the package's nets (`file` in `weights/`) from the data source. */
export function loadNet(file: string, encoding: string, source: DataSource = dataSource()): LoadedNet {
  const name = WEIGHTS + file;
  return netFromBytes(readData(name, 'the net', 'reinstall the package', source), name, encoding, source);
}
