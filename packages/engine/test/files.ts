import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { VariantId } from '../src/types.js';

/** Test-only helpers for reading fixture files (node:fs; outside src/, so not part of the build). */

/** The engine's own fixtures: packages/engine/test/fixtures/<name>. */
export const engineFixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

export const readJsonLines = <T = unknown>(path: string): T[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => JSON.parse(l) as T);

/**
 * The lines of the legal-move fixture `fixtures/legal/<variant>.jsonl.gz` (one plain board with its expected
 * legal results per line), as text; gzipped because the three files are 9.4 MB plain.
 */
export const legalFixtureLines = (variant: VariantId): string[] =>
  gunzipSync(readFileSync(engineFixture(`legal/${variant}.jsonl.gz`)))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
