import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Test-only helpers for reading fixture files (node:fs; outside src/, so not part of the build). */

/** The engine's own fixtures: packages/engine/test/fixtures/<name>. */
export const engineFixture = (name: string): string =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/**
 * The project's shared fixtures (`shared/fixtures/*.jsonl`): `$NARDY_SHARED/fixtures`, `<repo>/shared/fixtures`
 * or `<repo>/../shared/fixtures`, whichever exists; undefined when none does.
 */
export function sharedFixturesDir(): string | undefined {
  const candidates = [
    ...(process.env['NARDY_SHARED'] ? [`${process.env['NARDY_SHARED']}/fixtures`] : []),
    fileURLToPath(new URL('../../../shared/fixtures', import.meta.url)),
    fileURLToPath(new URL('../../../../shared/fixtures', import.meta.url)),
  ];
  return candidates.find((d) => existsSync(`${d}/short.jsonl`));
}

export const readJsonLines = <T = unknown>(path: string): T[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => JSON.parse(l) as T);
