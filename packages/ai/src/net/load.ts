import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { decodeNet, type LoadedNet } from './net-file.js';
import { accelerate } from './wasm-mlp.js';

/**
 * Where the package keeps its trained nets (`packages/ai/weights/`, beside `dist/` and `src/`). The environment
 * variable `NARDY_WEIGHTS_DIR` points it elsewhere (to measure an older generation against gnubg, say).
 */
export const WEIGHTS_DIR = process.env['NARDY_WEIGHTS_DIR']
  ? pathToFileURL(`${process.env['NARDY_WEIGHTS_DIR'].replace(/\/+$/, '')}/`)
  : new URL('../../weights/', import.meta.url);

/**
 * Reads one net file; throws with the file's name and the reason when it is missing or corrupt (a broken
 * install must fail loudly, not play with garbage weights). `encoding` guards against a file of another input
 * layout. The net comes accelerated (wasm-mlp.ts: its forward passes run in WebAssembly SIMD where available,
 * until it is trained).
 */
export function loadNet(file: string | URL, encoding: string): LoadedNet {
  const url = typeof file === 'string' ? new URL(file, WEIGHTS_DIR) : file;
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(url);
  } catch (e) {
    throw new Error(`cannot read the net ${url.pathname}: ${(e as Error).message}`);
  }
  const decoded = decodeNet(bytes);
  if (!decoded.ok) throw new Error(`${url.pathname}: ${decoded.error.message}`);
  if (decoded.value.meta.encoding !== encoding) {
    throw new Error(`${url.pathname}: the net reads inputs "${decoded.value.meta.encoding}", expected "${encoding}"`);
  }
  return { net: accelerate(decoded.value.net), meta: decoded.value.meta };
}
