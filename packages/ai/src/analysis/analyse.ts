import { findTurn, makeTurnNotation, mayBeaver, passTurn, seatToPlay, type MatchState, type Position, type StepInput, type Turn } from '@nardy/engine';
import { cubeDecision, cubeInputsOf, playCubeOf, type CubeDecision } from '../cube.js';
import { bookVerdict, inBook } from './book.js';
import { cubeFigures, judgeDouble, judgeResponse } from './cube-decisions.js';
import { collectJobs, type Job } from './jobs.js';
import { DEFAULT_LUCK_THRESHOLDS, DEFAULT_SKILL_THRESHOLDS, luckMark, skillMark } from './marks.js';
import { analyseResign } from './resign.js';
import { AnalysisSearch, isForced } from './search.js';
import { summarise } from './summary.js';
import type { AnalyseInput, AnalyseOptions, CandidateTurn, Decision, MatchAnalysis, MoveDecision, ResignDecision } from './types.js';
import { mwcPerEquity } from './units.js';

/** Lets a Worker's or server's messages through while a long analysis runs (at most every 50 ms). */
const YIELD_MS = 50;

/**
 * Analyses a game or match from its record: every chequer play, cube decision and throw, then the figures per
 * player, per game and for the match (docs/analysis.md). Runs on the calling thread, yielding between
 * decisions; `options.signal` stops it (rejecting with an `AbortError`).
 */
export async function analyseMatch(input: AnalyseInput, options: AnalyseOptions = {}): Promise<MatchAnalysis> {
  const { jobs, resignations, final } = collectJobs(input.settings, input.actions);
  const ply = options.ply ?? 2;
  if (!Number.isInteger(ply) || ply < 0 || ply > 2) throw new RangeError('analysis: ply must be 0, 1 or 2');
  const share = options.share ?? { index: 0, of: 1 };
  const mine = jobs.filter((_, i) => i % share.of === share.index);
  const search = new AnalysisSearch(final.settings, ply);
  const openings = openingsOf(jobs);
  const decisions: Decision[] = [];
  const cubeMemo = new WeakMap<Position, CubeDecision>();
  let lastYield = Date.now();
  for (let i = 0; i < mine.length; i++) {
    if (options.signal?.aborted) throw abortError();
    const d = analyseJob(mine[i]!, search, options, openings, cubeMemo);
    if (d) decisions.push(d);
    options.onProgress?.(i + 1, mine.length);
    if (Date.now() - lastYield > YIELD_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      lastYield = Date.now();
    }
  }
  if (options.signal?.aborted) throw abortError();
  // The few resign offers go with the first share.
  const resigns: ResignDecision[] = share.index === 0 ? resignations.flatMap((job) => analyseResign(job, search, options, cubeMemo)) : [];
  return summarise(final, decisions, resigns, ply, options);
}

/** Analyses made of a match in shares (`options.share`, one per worker thread) joined into the whole. */
export function joinAnalyses(input: AnalyseInput, parts: readonly MatchAnalysis[], options: AnalyseOptions = {}): MatchAnalysis {
  const { final } = collectJobs(input.settings, input.actions);
  const order = (d: Decision): number => (d.kind === 'double' ? 0 : d.kind === 'take' ? (d.beaver ? 2 : 1) : 3);
  const decisions = parts.flatMap((p) => p.decisions).sort((a, b) => a.game - b.game || a.move - b.move || order(a) - order(b));
  const resignations = parts.flatMap((p) => p.resignations);
  return summarise(final, decisions, resignations, parts[0]?.ply ?? options.ply ?? 2, options);
}

/** Each game's first turn in notation (the opening book judges Black's reply by White's opening). */
function openingsOf(jobs: readonly Job[]): Map<number, string> {
  const openings = new Map<number, string>();
  for (const job of jobs) {
    if (job.kind !== 'move' || job.state.game.turnsPlayed !== 0) continue;
    openings.set(job.state.game.number, makeTurnNotation(job.state.game.position, playedTurn(job.state, job.steps)));
  }
  return openings;
}

function playedTurn(s: MatchState, steps: readonly StepInput[]): Turn {
  const found = steps.length === 0 ? null : findTurn(s.game.position, s.game.dice!, steps, s.settings.rules);
  return found && found.ok ? found.value : passTurn(s.game.position);
}

function abortError(): Error {
  const e = new Error('analysis cancelled');
  e.name = 'AbortError';
  return e;
}

function analyseJob(
  job: Job,
  search: AnalysisSearch,
  options: AnalyseOptions,
  openings: ReadonlyMap<number, string>,
  cubeMemo: WeakMap<Position, CubeDecision>,
): Decision | null {
  const s = job.state;
  const g = s.game;
  const skill = options.skill ?? DEFAULT_SKILL_THRESHOLDS;
  const base = { game: g.number, move: g.turnsPlayed + 1 };
  if (job.kind === 'move') return analyseMove(job.state, job.steps, job.rolled, search, options, openings);
  // Before the throw, the doubler's view: the same figures for the double and for the answer to it (the double
  // changes the game's state but not its position object).
  let d = cubeMemo.get(g.position);
  if (!d) {
    const { position, cube, context } = cubeInputsOf(s);
    d = cubeDecision(position, cube, { ...context, evaluator: (p) => search.evaluate(p) });
    cubeMemo.set(g.position, d);
  }
  if (job.kind === 'double') {
    const n = s.settings.matchLength;
    const j = judgeDouble(d, job.doubled, n === 0 || n - s.score[seatToPlay(g)] > g.cube.value);
    return {
      kind: 'double',
      ...base,
      player: seatToPlay(g),
      played: job.doubled ? 'double' : 'noDouble',
      best: d.action,
      cube: cubeFigures(d),
      ...j,
      mark: skillMark(j.error, skill),
    };
  }
  const offer = g.cubeOffer!;
  const responder = offer.by === 'p1' ? 'p2' : 'p1';
  const j = judgeResponse(d, job.response, mayBeaver(s.settings, offer).ok, offer.beaver);
  return { kind: 'take', ...base, player: responder, played: job.response, beaver: offer.beaver, cube: cubeFigures(d), ...j, mark: skillMark(j.error, skill) };
}

function analyseMove(
  s: MatchState,
  steps: readonly StepInput[],
  rolled: boolean,
  search: AnalysisSearch,
  options: AnalyseOptions,
  openings: ReadonlyMap<number, string>,
): MoveDecision {
  const g = s.game;
  const dice = g.dice!;
  const position = g.position;
  const settings = s.settings;
  const turn = playedTurn(s, steps);
  const played = makeTurnNotation(position, turn);
  const { cube, context } = cubeInputsOf(s);
  const playCube = playCubeOf(cube, context);
  const toMwc = mwcPerEquity(playCube, settings.variant);
  const forced = isForced(position, dice, settings);
  const { ranked, playedIndex } = search.rank(position, dice, playCube, turn);
  const n = options.candidates ?? 5;
  const candidate = (i: number): CandidateTurn => {
    const r = ranked[i]!;
    return { move: makeTurnNotation(position, r.turn), equity: r.equity, probabilities: r.probabilities, plies: r.plies };
  };
  const shown = ranked.slice(0, n).map((_, i) => candidate(i));
  if (playedIndex >= n) shown.push(candidate(playedIndex));
  let best = shown[0]?.move ?? played;
  let error = forced || ranked.length === 0 ? 0 : Math.max(0, ranked[0]!.equity - ranked[playedIndex]!.equity);
  const book = inBook(settings.variant, settings.rules, g.turnsPlayed);
  const verdict = book ? bookVerdict(settings.rules, g.turnsPlayed, dice, played, openings.get(g.number)) : null;
  if (verdict) [best, error] = [verdict.best, verdict.error];
  // The game's first throw, where an opening throw decided who starts, is rated against every way of starting.
  const opening = g.turnsPlayed === 0 && g.openingThrows.length > 0;
  const luck = opening ? search.openingLuck(position, dice, playCube, rolled) : rolled ? search.luck(position, dice, playCube) : null;
  return {
    kind: 'move',
    game: g.number,
    move: g.turnsPlayed + 1,
    player: seatToPlay(g),
    dice,
    played,
    best,
    candidates: shown,
    rank: playedIndex,
    book: book && (forced || (verdict !== null && verdict.error === 0)),
    cubeValue: g.cube.value,
    error,
    ...(toMwc !== null ? { errorMwc: error * toMwc } : {}),
    mark: skillMark(error, options.skill ?? DEFAULT_SKILL_THRESHOLDS),
    unforced: !forced,
    luck: luck === null ? null : { luck, ...(toMwc !== null ? { luckMwc: luck * toMwc } : {}), mark: luckMark(luck, options.luck ?? DEFAULT_LUCK_THRESHOLDS) },
  };
}
