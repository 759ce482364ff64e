/**
 * Blends generations of nets weight by weight (`blendNets`, a model soup): each class's net in `--out` is the
 * weighted mean of that class's nets in the `--nets` locations (directories or paths with `{class}`, as
 * `net-location.ts`). For nets fine-tuned from one parent — say the committed nets and a fit of them: shares
 * 1,1 keep half of what the fit moved, and average away what it learnt of its labels' noise. Each new file
 * carries its class's training record from the first location, with the blend added.
 *
 *   npm run train -- blend --variant short --nets packages/ai/weights,/tmp/fit [--shares 1,1] --out DIR
 */
import { pathToFileURL } from 'node:url';
import { blendNets } from '@nardy/ai/lab';
import { familyArg, stringArg } from './args.js';
import { loadFilesFrom } from './net-location.js';
import { saveNets } from './save-nets.js';

const family = familyArg();
const locations = stringArg('nets', '').split(',').filter(Boolean);
const out = stringArg('out', '');
if (locations.length < 2 || !out) throw new Error('blend: --nets names two or more generations (comma-separated), --out the directory for the blend');
const shares = stringArg('shares', locations.map(() => '1').join(','))
  .split(',')
  .map(Number);
if (shares.length !== locations.length) throw new Error(`blend: ${locations.length} --nets but ${shares.length} --shares`);

// Each file read once: its net for the blend, the first location's records for the new files.
const sets = locations.map((l) => loadFilesFrom(family, l));
const blended = Object.fromEntries(
  family.classes.map((cls) => [
    cls,
    blendNets(
      sets.map((s) => s[cls]!.net),
      shares,
    ),
  ]),
);
const blend = { from: locations, shares };
saveNets(family, blended, pathToFileURL(`${out.replace(/\/+$/, '')}/`), (cls) => ({ ...sets[0]![cls]!.meta.training, blend }));
console.log(JSON.stringify({ variant: family.variant, out, ...blend }));
