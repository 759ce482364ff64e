import { appendFileSync, readFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import {
  boardKey,
  opposite,
  passTurn,
  positionFromSetup,
  seededRng,
  startPosition,
  winnerOf,
  type Dice,
  type Position,
  type Result,
  type VariantId,
} from '@nardy/engine';
import { cubelessEquity, type MoveFilter, type Probabilities, rankTurnsPly, type ScoredTurn, type SearchContext } from '@nardy/ai';
import { toVec } from '@nardy/ai/lab';
import type { StartDraw } from './start-setup.js';
import { throwDice } from './td.js';

/** One labelled position: the side on roll's and the opponent's checkers, and the five numbers it should get. */
export interface Labelled {
  readonly me: readonly number[];
  readonly them: readonly number[];
  readonly label: readonly number[];
  /** With `candidates` sampling: the number of the decision it is a candidate of (to compare rankings). */
  readonly decision?: number;
}

/** A labelled short-nardy position as a `Position` (the side on roll, `me`, seated as white), for the benches. */
export const labelledPosition = (d: Labelled): Result<Position> =>
  positionFromSetup({ variant: 'short', turn: 'white', board: { white: d.me, black: d.them }, firstTurn: { white: false, black: false } });

/**
 * Which positions of the player's own 0-ply self-play get labels: `position` — one position in `every` (default
 * 2) of each game before its throw (so that the set is not dominated by near-twins; costly labels such as
 * rollouts want them further apart); `candidates` — at each decision with a
 * choice, the positions after the best `keep` turns by static evaluation within `within` of the best (gnubg's
 * way of building a training database: the net learns the very comparisons it makes when it picks a turn,
 * including good turns it ranks too low and so never reaches by play), then the best is played. With
 * `disagree`, only the decisions where a deeper search (`plies`, through `filters`) picks another turn than
 * the static evaluation are labelled, and their candidates are the deeper search's best `keep` and the static
 * pick: the throws where the 0-ply player errs, or where its teacher does (gnubg's nets were trained on such a
 * database, rolled out). With `agree` instead, only the decisions where the deeper search picks the static pick,
 * with their usual candidates (the best `keep` within `within`): where the 0-ply player is already right, so that a
 * fit on the disagreements can be held in place there (anchors).
 */
export type Sampling =
  | { readonly kind: 'position'; readonly every?: number }
  | {
      readonly kind: 'candidates';
      readonly keep: number;
      readonly within: number;
      readonly disagree?: DeeperSearch;
      readonly agree?: DeeperSearch;
    };

/** The deeper search that `disagree` and `agree` compare the static pick with. */
interface DeeperSearch {
  readonly plies: number;
  readonly filters: readonly MoveFilter[];
}

const labelled = (pos: Position, p: Probabilities, decision?: number): Labelled => ({
  me: [...pos.board[pos.turn]],
  them: [...pos.board[opposite(pos.turn)]],
  label: toVec(p),
  ...(decision === undefined ? {} : { decision }),
});

/** Which games `labelSelfPlay` plays, and which of their positions it labels. */
export interface SelfPlayOptions {
  /** Only these positions are labelled (e.g. one class's, when that net alone is to learn); default all. */
  readonly wanted?: (pos: Position) => boolean;
  /** Where each game starts (e.g. `backGameStart`, to reach what play from the start seldom does); default the start. */
  readonly start?: StartDraw;
}

/**
 * Labels `count` positions of self-play (`ctx.evaluate` plays and ranks), seeded: the same seed gives the same
 * positions. `onLabelled` sees each as soon as it is labelled (a shard file is written as it goes, so a long run
 * killed part-way keeps what it did).
 */
export async function labelSelfPlay(
  variant: VariantId,
  ctx: SearchContext,
  sampling: Sampling,
  /** `decision`: with candidates sampling, the decision's number (a rollout seeded by it gives each candidate the same dice). */
  label: (pos: Position, index: number, decision?: number) => Probabilities | Promise<Probabilities>,
  count: number,
  seed: number,
  onLabelled: (d: Labelled) => void,
  { wanted = () => true, start = (r) => startPosition(variant, r() < 0.5 ? 'white' : 'black') }: SelfPlayOptions = {},
): Promise<number> {
  const every = sampling.kind === 'position' ? (sampling.every ?? 2) : 2;
  // 0 would label nothing, forever; a fraction would skip positions by accident.
  if (!Number.isInteger(every) || every < 1) throw new RangeError(`every must be a positive whole number of half-moves, not ${every}`);
  const rng = seededRng(seed);
  let done = 0;
  let decisions = 0;
  const add = async (pos: Position, decision?: number): Promise<void> => {
    if (!wanted(pos)) return;
    onLabelled(labelled(pos, await label(pos, done, decision), decision));
    done++;
  };
  while (done < count) {
    let pos = start(rng);
    for (let ply = 0; !winnerOf(pos) && done < count; ply++) {
      // Half-moves 1, 1 + every, 1 + 2·every …: the start itself (always the same one from the opening) only when every is 1.
      if (sampling.kind === 'position' && (ply + every - 1) % every === 0) await add(pos);
      const dice = throwDice(rng);
      const ranked = rankTurnsPly(pos, dice, 0, [], ctx);
      if (sampling.kind === 'candidates' && ranked.length > 1) {
        const chosen = sampling.disagree
          ? disagreement(pos, dice, ranked, sampling.keep, sampling.disagree, ctx)
          : sampling.agree && deeperPick(pos, dice, sampling.agree, ctx) !== boardKey(ranked[0]!.turn.after)
            ? []
            : withinOfBest(ranked, sampling.keep, sampling.within);
        for (const after of chosen) if (done < count) await add(after, decisions);
        if (chosen.length > 0) decisions++;
      }
      pos = ranked[0]?.turn.after ?? passTurn(pos).after;
    }
  }
  return done;
}

/** The positions after the best `keep` turns of a 0-ply ranking within `within` of the best. */
const withinOfBest = (ranked: readonly ScoredTurn[], keep: number, within: number): Position[] =>
  ranked
    .slice(0, keep)
    .filter((r) => r.equity >= ranked[0]!.equity - within)
    .map((r) => r.turn.after);

/** The deeper search's candidates that reached its full depth, best first. */
const deeperRanking = (pos: Position, dice: Dice, deeper: DeeperSearch, ctx: SearchContext): ScoredTurn[] =>
  rankTurnsPly(pos, dice, deeper.plies, deeper.filters, ctx).filter((r) => r.plies === deeper.plies);

/** The board key of the deeper search's pick (undefined when no candidate reached its depth). */
function deeperPick(pos: Position, dice: Dice, deeper: DeeperSearch, ctx: SearchContext): string | undefined {
  const best = deeperRanking(pos, dice, deeper, ctx)[0];
  return best && boardKey(best.turn.after);
}

/**
 * Where the deeper search's pick differs from the 0-ply pick (`ranked[0]`): the positions after the deeper
 * search's best `keep` turns, and after the 0-ply pick if they leave it out; none where the two agree.
 */
function disagreement(pos: Position, dice: Dice, ranked: readonly ScoredTurn[], keep: number, deeper: DeeperSearch, ctx: SearchContext): Position[] {
  const staticPick = ranked[0]!.turn.after;
  const staticKey = boardKey(staticPick);
  const deep = deeperRanking(pos, dice, deeper, ctx);
  if (deep.length === 0 || boardKey(deep[0]!.turn.after) === staticKey) return [];
  const top = deep.slice(0, keep).map((r) => r.turn.after);
  return top.some((p) => boardKey(p) === staticKey) ? top : [...top, staticPick];
}

/** One labelled position as a line of a shard: what `shardWriter` and `packShard` write and `readShards` reads. */
const shardLine = (d: Labelled): string => `${JSON.stringify(d)}\n`;

/** Appends labelled positions to a JSON-lines shard in batches (`flush` writes the rest). */
export function shardWriter(file: string, batch = 200): { add: (d: Labelled) => void; flush: () => void } {
  let lines: string[] = [];
  const flush = (): void => {
    if (lines.length > 0) appendFileSync(file, lines.join(''));
    lines = [];
  };
  return {
    add: (d) => {
      lines.push(shardLine(d));
      if (lines.length >= batch) flush();
    },
    flush,
  };
}

function shardText(file: string): string {
  const bytes = readFileSync(file);
  const unpack = file.endsWith('.gz') ? { name: 'gzipped', run: gunzipSync } : file.endsWith('.br') ? { name: 'packed', run: brotliDecompressSync } : undefined;
  if (!unpack) return bytes.toString('utf8');
  try {
    return unpack.run(bytes).toString('utf8');
  } catch (e) {
    throw new Error(`${file}: not a ${unpack.name} shard (${(e as Error).message})`);
  }
}

/**
 * One shard packed for keeping in the repository (`.jsonl.br`, read back by `readShards`): labels rounded to 5
 * decimals — a 2-ply label is not known to within 10⁻³, and full doubles are most of a line — then Brotli at its
 * densest, about 15 bytes a position against 270 as written. One shard per file: decisions are told apart by runs,
 * and two shards packed together could join a run across them.
 */
export function packShard(data: readonly Labelled[]): Buffer {
  const text = data.map((d) => shardLine({ ...d, label: d.label.map((x) => Math.round(x * 1e5) / 1e5) })).join('');
  const bytes = Buffer.from(text, 'utf8');
  return brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_LGWIN]: 24, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
}

/**
 * Reads shards written by `shardWriter`, gzipped (`.gz`: the rollout labels kept in `training/labels/`) or packed
 * (`.br`, `packShard`); a malformed line stops the run with its file and line number.
 */
export function readShards(files: readonly string[]): Labelled[] {
  const data: Labelled[] = [];
  for (const file of files) {
    const lines = shardText(file).split('\n');
    // A shard whose writer was killed mid-batch may end in a partial line: that line was never complete, so drop it.
    lines.pop();
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      let d: Labelled;
      try {
        d = JSON.parse(line) as Labelled;
      } catch {
        throw new Error(`${file}:${i + 1}: not JSON`);
      }
      if (!Array.isArray(d.me) || !Array.isArray(d.them) || !Array.isArray(d.label) || d.label.length !== 5)
        throw new Error(`${file}:${i + 1}: not a labelled position`);
      data.push(d);
    });
  }
  return data;
}

const equityOf = (v: ArrayLike<number>): number => cubelessEquity({ win: v[0]!, winMars: v[1]!, winKoks: v[2]!, loseMars: v[3]!, loseKoks: v[4]! });

/**
 * How much `value` loses at each decision of `set` with a choice: the mover takes the candidate whose value is
 * lowest for the opponent (on roll there), and loses the gap between the labels' equities of that candidate and
 * of the labels' own best (cubeless equity; 0 where the pick is the labels' best).
 */
export function decisionGaps(set: readonly Labelled[], value: (d: Labelled) => ArrayLike<number>): number[] {
  return decisionGroups(set)
    .filter((group) => group.length >= 2)
    .map((group) => pickGap(group, value));
}

/** What `value`'s pick among one decision's candidates loses against the labels' best (`decisionGaps`). */
function pickGap(group: readonly Labelled[], value: (d: Labelled) => ArrayLike<number>): number {
  const labelled = group.map((d) => equityOf(d.label));
  const valued = group.map((d) => equityOf(value(d)));
  return labelled[valued.indexOf(Math.min(...valued))]! - Math.min(...labelled);
}

/**
 * `set` with the decisions that `value` already gets right thinned out: every decision where `value`'s pick is
 * not the labels' best is kept whole, and of those where it is, a share `agreeingShare` (drawn by `rng`);
 * positions without a decision are all kept. gnubg built its training database the same way, from the positions
 * its nets got wrong: a fit on the whole of a candidate shard spends most of its steps where the nets already
 * pick right (in our 2-ply shards about four decisions in five).
 */
export function keepDisagreements(set: readonly Labelled[], value: (d: Labelled) => ArrayLike<number>, agreeingShare: number, rng: () => number): Labelled[] {
  if (!(agreeingShare >= 0 && agreeingShare <= 1)) throw new RangeError(`the share of agreeing decisions to keep must be in [0, 1], not ${agreeingShare}`);
  return decisionGroups(set)
    .filter((group) => group.length < 2 || pickGap(group, value) > 0 || rng() < agreeingShare)
    .flat();
}

/**
 * How well a valuation picks among the labelled candidates of each decision, from its `decisionGaps`: the mean
 * loss per decision with a choice, and the share of those decisions where the pick differs from the labels' best.
 */
export function rankingLoss(gaps: readonly number[]): { decisions: number; loss: number; differ: number } {
  const n = gaps.length;
  return { decisions: n, loss: n > 0 ? gaps.reduce((s, g) => s + g, 0) / n : 0, differ: n > 0 ? gaps.filter((g) => g > 0).length / n : 0 };
}

/**
 * What one valuation gains over another on the same held-out items, from their paired losses (the `decisionGaps`
 * of a ranking, or each position's squared error against rollout labels): the mean of the paired differences,
 * with its 95 % half-width (1.96 standard errors). Paired, because the two valuations mostly agree item by item,
 * which an interval for each loss alone would not know.
 */
export function pairedGain(before: readonly number[], after: readonly number[]): { n: number; gain: number; ci95: number } {
  if (before.length !== after.length) throw new Error(`pairedGain: ${before.length} losses against ${after.length}; both must be of the same set`);
  const diffs = before.map((g, i) => g - after[i]!);
  const n = diffs.length;
  if (n === 0) return { n: 0, gain: 0, ci95: 0 };
  const mean = diffs.reduce((s, x) => s + x, 0) / n;
  const variance = n > 1 ? diffs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1) : 0;
  return { n, gain: mean, ci95: 1.96 * Math.sqrt(variance / n) };
}

/**
 * `set` grouped by decision: each run of consecutive candidates with the same `decision` (a shard numbers its
 * decisions from 0, so runs, not numbers, tell decisions of different shards apart), and each position without
 * one alone.
 */
export function decisionGroups(set: readonly Labelled[]): Labelled[][] {
  const groups: Labelled[][] = [];
  for (const d of set) {
    const last = groups[groups.length - 1];
    if (d.decision !== undefined && last && last[0]!.decision === d.decision) last.push(d);
    else groups.push([d]);
  }
  return groups;
}

/**
 * Targets that also teach the differences within a decision: the loss is the plain error plus `weight` times
 * the error of the candidates' values measured from their decision's mean (what picking a turn depends on; an
 * error common to all candidates of a throw changes no pick). Its gradient at candidate i is the plain one
 * towards label_i + w/(1 + w) · (mean value − mean label), output by output, so the usual trainer learns it.
 * `values` are the net's current outputs for the same candidates.
 */
export function withinDecisionTargets(labels: readonly (readonly number[])[], values: readonly ArrayLike<number>[], weight: number): number[][] {
  const share = weight / (1 + weight);
  const n = labels.length;
  const shift = labels[0]!.map((_, k) => (share * labels.reduce((s, _l, i) => s + values[i]![k]! - labels[i]![k]!, 0)) / n);
  return labels.map((l) => l.map((y, k) => y + shift[k]!));
}
