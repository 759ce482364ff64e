// @ts-check
/**
 * Lint rules, and the package graph as import boundaries:
 *   engine ← protocol, ai;  ai ← train;  engine, protocol, ai ← server, cli;  engine, protocol, ai (main entry) ← web.
 * Nothing imports server, cli, web or train. The web app, the engine and @nardy/ai's main entry import no Node
 * built-in, so all run in a browser; Node-only code of @nardy/ai lives in the files that form `@nardy/ai/node`.
 */
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The files that form `@nardy/ai/node`: the only sources of @nardy/ai that may use Node built-ins. */
const AI_NODE = ['packages/ai/src/node/**'];

/** Tests and their helpers: they may read files and spawn processes, whatever package they test. */
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.suite.ts', 'packages/*/test/**', 'packages/web/e2e/**'];

const PACKAGES = ['engine', 'protocol', 'ai', 'train', 'server', 'cli', 'web'];

/** A no-restricted-imports pattern for package `name`: by its name, or by a relative path into its folder. */
const packagePattern = (name, why) => ({
  regex: `^@nardy/${name}(/|$)|^(\\.\\./)+(packages/)?${name}/(src|dist|test)/`,
  message: `${why} (see the package graph in eslint.config.js).`,
});

const NOT_IN_BROWSER = 'No Node built-ins here: this code also runs in a browser.';
const builtinPaths = builtinModules.map((name) => ({ name, message: NOT_IN_BROWSER }));
const nodeProtocol = { regex: '^node:', message: NOT_IN_BROWSER };

/**
 * The no-restricted-imports setting for one package's files: the packages it may not import, and whether
 * Node built-ins are out too. (Flat config replaces a rule's options per file, so each setting is whole.)
 */
function restrict(from, { allowed, extra = [] }, browser) {
  const forbidden = PACKAGES.filter((p) => p !== from && !allowed.includes(p));
  const patterns = [...forbidden.map((p) => packagePattern(p, `@nardy/${from} may not import @nardy/${p}`)), ...extra];
  if (browser) patterns.push(nodeProtocol, ...(browser.extra ?? []));
  return ['error', { paths: browser ? builtinPaths : [], patterns }];
}

/**
 * Which packages each package may import; `browser`: its sources (tests and `nodeFiles` aside) run in a
 * browser too, with `extra` patterns of their own.
 */
const GRAPH = {
  engine: { allowed: [], browser: {} },
  protocol: { allowed: ['engine'] },
  ai: {
    allowed: ['engine'],
    browser: {
      nodeFiles: AI_NODE,
      extra: [{ regex: '^(\\.\\.?/)+node/', message: "@nardy/ai's main entry may not reach into @nardy/ai/node's files." }],
    },
  },
  train: { allowed: ['engine', 'ai'] },
  server: { allowed: ['engine', 'protocol', 'ai'] },
  cli: { allowed: ['engine', 'protocol', 'ai'] },
  web: {
    allowed: ['engine', 'protocol', 'ai'],
    extra: [{ regex: '^@nardy/ai/node(/|$)', message: 'The web app may use @nardy/ai only through its browser-safe main entry.' }],
    browser: {},
  },
};

const boundaries = Object.entries(GRAPH).flatMap(([name, setting]) => {
  const graphOnly = { files: [`packages/${name}/**/*.{ts,tsx,js,mjs}`], rules: { 'no-restricted-imports': restrict(name, setting) } };
  if (!setting.browser) return [graphOnly];
  return [
    graphOnly,
    {
      files: [`packages/${name}/src/**/*.{ts,tsx}`],
      ignores: [...TESTS, ...(setting.browser.nodeFiles ?? [])],
      rules: { 'no-restricted-imports': restrict(name, setting, setting.browser) },
    },
  ];
});

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'packages/*/data/**',
      'packages/*/weights/**',
      'packages/*/training/**',
      'packages/*/bench-set/**',
      '**/fixtures/**',
      '**/__snapshots__/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // tsc's noUnusedLocals/noUnusedParameters already allow a leading underscore for deliberately unused names.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: TESTS,
    languageOptions: { globals: { ...globals.browser } },
  },
  // Its page.evaluate callbacks run in the browser page.
  { files: ['bench/web.js'], languageOptions: { globals: { ...globals.browser } } },
  ...boundaries,
);
