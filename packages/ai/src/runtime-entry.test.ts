import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * `@nardy/ai`'s main entry runs in a browser's Web Worker: walked from src/index.ts through every static
 * import and re-export (relative ones and @nardy/engine's), no module may import a Node built-in or read
 * Node's globals (`process`, `Buffer`). What needs Node lives behind `@nardy/ai/node`.
 */
const ENGINE = new URL('../../engine/src/index.ts', import.meta.url);
const NODE_BUILTINS = new Set(builtinModules);
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module reachable from `entry`, with the specifiers each imports. */
function importGraph(entry: URL): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (url: URL): void => {
    if (graph.has(url.href)) return;
    const source = readFileSync(url, 'utf8');
    const specifiers = [...source.matchAll(SPECIFIER)].map((m) => (m[1] ?? m[2] ?? m[3])!);
    graph.set(url.href, specifiers);
    for (const s of specifiers) {
      if (s.startsWith('.')) visit(new URL(s.replace(/\.js$/, '.ts'), url));
      else if (s === '@nardy/engine') visit(ENGINE);
    }
  };
  visit(entry);
  return graph;
}

describe("@nardy/ai's main entry", () => {
  const graph = importGraph(new URL('./index.ts', import.meta.url));

  it('walks the whole runtime (evaluator, search, cube, bear-off, rollout) and the engine', () => {
    const files = [...graph.keys()].map((href) => href.replace(/^.*\/packages\//, ''));
    for (const part of [
      'ai/src/evaluator.ts',
      'ai/src/search/ply.ts',
      'ai/src/cube/decide.ts',
      'ai/src/bearoff/tables.ts',
      'ai/src/rollout/rollout.ts',
      'ai/src/net/wasm-mlp.ts',
      'engine/src/index.ts',
    ]) {
      expect(files).toContain(part);
    }
    expect(files.some((f) => f.startsWith('ai/src/node/'))).toBe(false);
    // The heuristic yardstick is @nardy/ai/yardstick's, not the runtime's.
    expect(files).not.toContain('ai/src/evaluate.ts');
    expect(files).not.toContain('ai/src/heuristic-bot.ts');
  });

  it('imports no Node built-in, directly or through another module', () => {
    const offending = [...graph].flatMap(([file, specifiers]) =>
      specifiers.filter((s) => s.startsWith('node:') || NODE_BUILTINS.has(s.split('/')[0]!)).map((s) => `${file}: ${s}`),
    );
    expect(offending).toEqual([]);
  });

  it("reads none of Node's globals", () => {
    const offending = [...graph.keys()].filter((href) => /\b(process|Buffer)\.|__dirname/.test(readFileSync(new URL(href), 'utf8')));
    expect(offending).toEqual([]);
  });

  it('would catch one: the walk from @nardy/ai/node finds its node: imports', () => {
    const node = importGraph(new URL('./node/index.ts', import.meta.url));
    expect([...node.values()].flat()).toEqual(expect.arrayContaining(['node:fs', 'node:worker_threads']));
  });

  it('finds imports in the forms the walk relies on (a check of the walk itself)', () => {
    const sample =
      "import { a } from './a.js';\nexport * from './b.js';\nimport type { C } from 'node:fs';\nimport './d.js';\nconst e = await import('./e.js');";
    expect([...sample.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3])).toEqual(['./a.js', './b.js', 'node:fs', './d.js', './e.js']);
  });
});
