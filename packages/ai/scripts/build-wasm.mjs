#!/usr/bin/env node
// Assembles the nets' SIMD kernel, src/net/wasm-mlp.wat (hand-written), into src/net/wasm-mlp.wasm with
// binaryen (a pinned devDependency), validated and optimised. Run by the root `npm run build` before tsc.
// The binary is committed too, so the package runs (and its tests pass) without a build step and without
// binaryen; the output is deterministic, and `--check` (used by wasm-mlp.test.ts) fails when the committed
// binary is not what the .wat assembles to.
//   node packages/ai/scripts/build-wasm.mjs [--check]
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import binaryen from 'binaryen';

const wat = fileURLToPath(new URL('../src/net/wasm-mlp.wat', import.meta.url));
const out = fileURLToPath(new URL('../src/net/wasm-mlp.wasm', import.meta.url));

const mod = binaryen.parseText(readFileSync(wat, 'utf8'));
// Only what V8, SpiderMonkey and JavaScriptCore have shipped for years: MVP plus fixed-width SIMD.
mod.setFeatures(binaryen.Features.MVP | binaryen.Features.SIMD128);
if (!mod.validate()) {
  console.error(`${wat}: does not validate`);
  process.exit(1);
}
binaryen.setOptimizeLevel(2);
binaryen.setShrinkLevel(0);
// Inline the sigmoid into its six call sites: a call per four hidden units is a measurable share.
binaryen.setAlwaysInlineMaxSize(200);
binaryen.setFastMath(false); // keep IEEE results: the kernel's accuracy is measured, not assumed
mod.optimize();
const bytes = mod.emitBinary();
mod.dispose();

const same = existsSync(out) && Buffer.compare(readFileSync(out), Buffer.from(bytes)) === 0;
if (process.argv.includes('--check')) {
  if (!same) {
    console.error(`${out} is not what ${wat} assembles to: run node packages/ai/scripts/build-wasm.mjs`);
    process.exit(1);
  }
  console.log(`wasm-mlp.wasm: up to date (${bytes.length} bytes)`);
} else if (!same) {
  writeFileSync(out, bytes);
  console.log(`wasm-mlp.wasm: ${bytes.length} bytes written`);
}
