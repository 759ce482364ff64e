import { readFileSync } from 'node:fs';
import type { LoadedNet } from '../net/net-file.js';
import { netFromBytes } from '../net/load.js';

/** Reads a net from any file (a candidate's folder, say), not only the package's `weights/`; throws naming the file. */
export function readNetFile(url: URL, encoding: string): LoadedNet {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(url);
  } catch (e) {
    throw new Error(`cannot read the net ${url.pathname}: ${(e as Error).message}`);
  }
  return netFromBytes(bytes, url.pathname, encoding);
}
