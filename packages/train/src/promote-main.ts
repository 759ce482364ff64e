/**
 * The promotion duel (issue 6 item 2): a new generation of nets against the previous one, both at 0-ply over
 * the same bear-off databases (`net-location.ts`), in `--pairs` mirrored pairs of games (`duel.ts`: the same
 * dice for both colours). The new nets are promoted iff the lower bound of the Wilson 95 % interval of their
 * win share is above 52 % (`wilson.ts`). The interval treats the games as independent; the two games of a
 * mirrored pair are negatively correlated (the same dice favour the same colour), so the true interval is
 * narrower and the rule errs on the side of not promoting. Prints one JSON line and appends it to
 * `packages/train/training/<variant>-promotions.jsonl` (unless `--no-log`).
 *
 * `--starts back-game` (short nardy) starts every pair from a generated back game (`back-game-starts.ts`), both
 * games of the pair from the same one: a duel over the positions that games from the opening seldom reach, for
 * nets trained on them (a measure beside the promotion duel, not a substitute for it).
 *
 * `--cube` plays the games with the cube, money play (`playGame`): each side doubles, takes and passes by its own
 * nets at 0-ply. Points per game then weigh the cube decisions too (the promotion verdict stays the win share).
 *
 *   npm run train -- promote --variant long --new <dir | path with {class}> --old <dir | path with {class}>
 *        [--pairs 5000] [--seed 1] [--starts back-game] [--cube] [--no-log]
 *   e.g. --new packages/ai/weights --old packages/train/training/generations/long-3
 */
import { appendFileSync } from 'node:fs';
import { seededRng } from '@nardy/engine';
import type { NetFamily } from '@nardy/ai/lab';
import { duel, staticMover } from './duel.js';
import { loadFamilyFrom, netStaticEvaluator, trainingOf } from './net-location.js';
import { PROMOTION_SHARE, promoted, wilsonInterval } from './wilson.js';
import { familyArg, flagArg, numberArg, startsArg, stringArg } from './args.js';

const family: NetFamily = familyArg();
const newer = stringArg('new', '');
const older = stringArg('old', '');
if (!newer || !older) throw new Error('promote: --new and --old name the two generations (directory or path with {class})');
const pairs = numberArg('pairs', 5000);
const seed = numberArg('seed', 1);
const starts = startsArg(family);
const LOG = new URL(`../training/${family.variant}-promotions.jsonl`, import.meta.url);
const started = Date.now();

const cube = flagArg('cube');
const evaluatorAt = (location: string) => netStaticEvaluator(family, loadFamilyFrom(family, location));
const newEval = evaluatorAt(newer);
const oldEval = evaluatorAt(older);
const judges = cube ? { a: newEval, b: oldEval } : undefined;
const result = duel(family.variant, staticMover(newEval), staticMover(oldEval), pairs, seededRng(seed), starts.draw, judges);
const wins = Math.round(result.winShare * result.games);
const { low, high } = wilsonInterval(wins, result.games);
const r = (x: number): number => Math.round(x * 1e4) / 1e4;
const line = {
  date: new Date().toISOString(),
  variant: family.variant,
  new: { nets: newer, training: trainingOf(family, newer) },
  old: { nets: older, training: trainingOf(family, older) },
  pairs,
  ...(starts.draw ? { starts: starts.name } : {}),
  ...(cube ? { cube } : {}),
  games: result.games,
  wins,
  winShare: r(result.winShare),
  wilson95: [r(low), r(high)],
  pointsPerGame: r(result.pointsPerGame),
  ci95: r(result.ci95),
  threshold: PROMOTION_SHARE,
  promoted: promoted(wins, result.games),
  seed,
  seconds: Math.round((Date.now() - started) / 1000),
};
console.log(JSON.stringify(line));
if (!flagArg('no-log')) appendFileSync(LOG, `${JSON.stringify(line)}\n`);
