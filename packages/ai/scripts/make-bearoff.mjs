#!/usr/bin/env node
// Generates the bear-off tables into packages/ai/data/ (see src/bearoff/README.md). Runs after `tsc -b`
// (it imports the compiled package): `node packages/ai/scripts/make-bearoff.mjs [--force] [--two-sided N]`.
// Existing valid files are kept unless --force (a two-sided table of another size too, unless --two-sided N).
import { makeBearOffTables } from '../dist/node/index.js';

const args = process.argv.slice(2);
const at = args.indexOf('--two-sided');
const twoSidedCheckers = at >= 0 ? Number(args[at + 1]) : undefined;
if (twoSidedCheckers !== undefined && (!Number.isInteger(twoSidedCheckers) || twoSidedCheckers < 1 || twoSidedCheckers > 8)) {
  console.error('usage: make-bearoff.mjs [--force] [--two-sided N]   (N = 1..8 checkers per side; default: keep, else 6)');
  process.exit(2);
}
const options = twoSidedCheckers === undefined ? { force: args.includes('--force') } : { force: args.includes('--force'), twoSidedCheckers };
for (const t of makeBearOffTables(options)) {
  console.log(t.kept ? `bear-off: ${t.file} kept` : `bear-off: ${t.file} ${(t.bytes / 1024).toFixed(0)} KiB in ${(t.ms / 1000).toFixed(1)} s`);
}
