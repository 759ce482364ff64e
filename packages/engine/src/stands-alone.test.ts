/**
 * The repository stands alone: a fresh clone builds and passes its tests with nothing beside it. So no source, test
 * or script may refer to the project's shared specification folder beside the repository; the rule book is
 * docs/rules.md and the legal-move fixtures are in test/fixtures/legal. The one exception is the GNU Backgammon
 * harness (shared/tools/gnubg), which only the slow gnubg cross-checks use: files named after gnubg, and the
 * README and generator of the gnubg golden files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SELF = relative(ROOT, fileURLToPath(import.meta.url));

/** Files not named after gnubg that document how the gnubg golden files are made inside the harness. */
const GNUBG_FIXTURE_MAKERS = ['packages/engine/test/fixtures/README.md', 'packages/engine/test/fixtures/gen/match_ids.py'];
const mayUseHarness = (file: string): boolean => basename(file).includes('gnubg') || GNUBG_FIXTURE_MAKERS.includes(file);

/** `../shared…` or `/work/shared…`, with the path that follows. */
const SHARED_REF = /(?:\.\.\/|\/work\/)shared\b[\w./-]*/g;
const HARNESS = /^(?:\.\.\/|\/work\/)shared\/tools\/gnubg\b/;
const BINARY = /\.(?:gz|wasm|bin|png|jpg|webp|ico|woff2?)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !BINARY.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

const scanned = (): string[] => {
  const packages = readdirSync(join(ROOT, 'packages'), { withFileTypes: true }).filter((e) => e.isDirectory());
  const dirs = packages.flatMap((p) => ['src', 'test', 'scripts'].map((d) => `packages/${p.name}/${d}`));
  return [...dirs, 'scripts']
    .filter((d) => existsSync(join(ROOT, d)))
    .flatMap(filesUnder)
    .filter((f) => f !== SELF);
};

describe('the repository stands alone', () => {
  const files = scanned();

  it('scans the sources, tests and scripts of every package and the repository', () => {
    expect(files).toContain('packages/engine/src/turns.ts');
    expect(files).toContain('packages/engine/test/files.ts');
    expect(files).toContain('scripts/gnubg-crosscheck.sh');
    expect(files.some((f) => /^packages\/\w+\/scripts\//.test(f))).toBe(true);
    expect(files.length).toBeGreaterThan(400);
  });

  it('no file refers to the shared folder beside the repository, except the gnubg harness in the cross-checks', () => {
    const refs = files.flatMap((f) =>
      [...readFileSync(join(ROOT, f), 'utf8').matchAll(SHARED_REF)]
        .map((m) => m[0])
        .filter((ref) => !(mayUseHarness(f) && HARNESS.test(ref)))
        .map((ref) => `${f}: ${ref}`),
    );
    expect(refs).toEqual([]);
  });

  it('the gnubg fixture makers it allows exist (a moved one must be moved here too)', () => {
    expect(GNUBG_FIXTURE_MAKERS.filter((f) => !files.includes(f))).toEqual([]);
  });
});
