import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { hasDataSource, setDataSource, type DataSource } from '../data-source.js';
import { WEIGHTS } from '../net/load.js';

/** The package folder (`packages/ai/`), above `src/node/` and `dist/node/` alike. */
export const PACKAGE_DIR = new URL('../../', import.meta.url);

/**
 * Where the nets are read from: the package's `weights/`, or the folder the environment variable
 * `NARDY_WEIGHTS_DIR` names (to measure an older generation against gnubg, say).
 */
export const WEIGHTS_DIR = process.env['NARDY_WEIGHTS_DIR']
  ? pathToFileURL(`${process.env['NARDY_WEIGHTS_DIR'].replace(/\/+$/, '')}/`)
  : new URL(WEIGHTS, PACKAGE_DIR);

/** The package's files read from disk; `NARDY_WASM=0` in the environment keeps the nets on the TypeScript pass. */
export function nodeDataSource(): DataSource {
  return {
    load: (name) => readFileSync(name.startsWith(WEIGHTS) ? new URL(name.slice(WEIGHTS.length), WEIGHTS_DIR) : new URL(name, PACKAGE_DIR)),
    wasm: process.env['NARDY_WASM'] !== '0',
  };
}

/** Installs `nodeDataSource()` unless a source is installed already: every Node entry calls it before evaluating. */
export function useNodeData(): void {
  if (!hasDataSource()) setDataSource(nodeDataSource());
}
