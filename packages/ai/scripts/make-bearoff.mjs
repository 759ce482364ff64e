#!/usr/bin/env node
// Generates the bear-off tables into packages/ai/data/ (see src/bearoff/README.md). Runs after `tsc -b`
// (it imports the compiled package): `node packages/ai/scripts/make-bearoff.mjs [--force] [--two-sided N]`.
// Existing valid files are kept unless --force.
import { makeBearOffTables } from '../dist/bearoff/generate.js';

const args = process.argv.slice(2);
const at = args.indexOf('--two-sided');
const twoSidedCheckers = at >= 0 ? Number(args[at + 1]) : 6;
if (!Number.isInteger(twoSidedCheckers) || twoSidedCheckers < 1 || twoSidedCheckers > 15) {
  console.error('usage: make-bearoff.mjs [--force] [--two-sided N]   (N = 1..15 checkers per side, default 6)');
  process.exit(2);
}
for (const t of makeBearOffTables({ force: args.includes('--force'), twoSidedCheckers })) {
  console.log(t.kept ? `bear-off: ${t.file} kept` : `bear-off: ${t.file} ${(t.bytes / 1024).toFixed(0)} KiB in ${(t.ms / 1000).toFixed(1)} s`);
}
