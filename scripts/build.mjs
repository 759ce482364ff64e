#!/usr/bin/env node
// Builds what is out of date, and nothing else, so `npm start` after `npm install` starts in seconds.
// Each step names its inputs and outputs; a step runs when an output is missing or older than an input.
// `tsc -b` keeps its own up-to-date check (tsbuildinfo), so it always runs and costs under a second when clean.
//   node scripts/build.mjs [--force]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const force = process.argv.includes('--force');

/** The newest modification time under these paths (files and folders, recursively); skips build outputs. */
function newest(paths) {
  let t = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    t = Math.max(t, s.mtimeMs);
    if (!s.isDirectory()) return;
    for (const name of readdirSync(p)) {
      if (name === 'node_modules' || name === 'dist' || name.endsWith('.tsbuildinfo')) continue;
      visit(join(p, name));
    }
  };
  for (const p of paths) visit(join(root, p));
  return t;
}

/** The oldest modification time of these outputs, or 0 when one is missing. */
function oldest(paths) {
  let t = Infinity;
  for (const p of paths) {
    const full = join(root, p);
    if (!existsSync(full)) return 0;
    t = Math.min(t, statSync(full).mtimeMs);
  }
  return t;
}

function run(command, args) {
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const tsProjects = ['packages/engine', 'packages/protocol', 'packages/ai', 'packages/server', 'packages/cli'];

const steps = [
  {
    name: 'wasm kernel',
    inputs: ['packages/ai/src/net/wasm-mlp.wat'],
    outputs: ['packages/ai/src/net/wasm-mlp.wasm'],
    run: () => run(process.execPath, ['packages/ai/scripts/build-wasm.mjs']),
  },
  { name: 'TypeScript', always: true, run: () => run(process.execPath, [tsc(), '-b', ...tsProjects]) },
  // Keeps valid tables; writes only what is missing.
  { name: 'bear-off tables', always: true, run: () => run(process.execPath, ['packages/ai/scripts/make-bearoff.mjs']) },
  {
    name: 'web app',
    inputs: [
      'packages/web/src',
      'packages/web/public',
      'packages/web/index.html',
      'packages/web/vite.config.ts',
      'packages/web/tsconfig.json',
      'packages/web/package.json',
      'packages/engine/src',
      'packages/protocol/src',
      'packages/ai/src',
    ],
    outputs: ['packages/web/dist/index.html'],
    run: () => {
      run(process.execPath, [tsc(), '-p', 'packages/web/tsconfig.json']);
      run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', 'packages/web', '--logLevel', 'warn']);
    },
  },
];

function tsc() {
  return join(root, 'node_modules/typescript/bin/tsc');
}

for (const step of steps) {
  const stale = force || step.always || oldest(step.outputs) < newest(step.inputs);
  if (stale) step.run();
  else console.log(`build: ${step.name} up to date`);
}
