import {
  apply,
  currentTurns,
  newMatch,
  seatToPlay,
  seededRng,
  type Action,
  type Die,
  type MatchState,
  type RuleOptions,
  type Seat,
  type VariantId,
} from '@nardy/engine';
import type { MatchBot } from './match-bots.js';

export interface MatchRunOptions {
  readonly variant: VariantId;
  readonly rules: RuleOptions;
  readonly games: number;
  /** Play the games in pairs with the same dice, the bots swapping seats (and colours) in the second. */
  readonly mirrored: boolean;
  readonly seed: number;
  readonly onGame?: (done: number, total: number) => void;
}

export interface MatchRunResult {
  readonly games: number;
  /** A's mean points per game. */
  readonly pointsPerGame: number;
  /** Half-width of the 95% interval of `pointsPerGame` (1.96 standard errors; per pair when mirrored). */
  readonly ci95: number;
  readonly wins: number;
  readonly winShare: number;
  readonly winShareCi95: number;
  /** A's points in each game, in order. */
  readonly points: readonly number[];
}

/** The dice of one game (or mirrored pair): every throw draws two dice from a stream seeded by (seed, unit). */
function diceStream(seed: number, unit: number): () => Die {
  const rng = seededRng((seed ^ Math.imul(unit + 1, 0x9e3779b1)) >>> 0);
  return () => (1 + Math.floor(rng() * 6)) as Die;
}

const must = (r: ReturnType<typeof apply>): MatchState => {
  if (!r.ok) throw new Error(`match runner: ${r.error.code}: ${r.error.message}`); // a bug: the runner only plays legal actions
  return r.value;
};

/**
 * One money game without the cube between the bot in each seat, by the engine's rules (the opening throw
 * G1/L3–L4, turns, the end and its score L23–L25, S7). Returns what seat p1 scored (negative: p2 won).
 */
async function playGame(variant: VariantId, rules: RuleOptions, number: number, seats: Readonly<Record<Seat, MatchBot>>, die: () => Die): Promise<number> {
  const start = newMatch({ variant, rules, cube: { enabled: false } });
  if (!start.ok) throw new Error(`match runner: ${start.error.message}`);
  let state = start.value;
  while (state.games.length === 0) {
    const g = state.game;
    let action: Action;
    if (state.phase === 'opening') action = { type: 'opening', dice: { p1: die(), p2: die() } };
    else if (state.phase === 'turnStart') action = { type: 'roll', seat: seatToPlay(g), dice: [die(), die()] };
    else if (state.phase === 'moving') {
      const seat = seatToPlay(g);
      const turns = currentTurns(state);
      const turn = turns.length === 0 ? undefined : await seats[seat].move({ game: number, position: g.position, dice: g.dice!, turns });
      action = { type: 'move', seat, steps: turn ? turn.steps : [] };
    } else throw new Error(`match runner: unexpected phase ${state.phase}`);
    state = must(apply(state, action));
  }
  const result = state.games[0]!;
  return result.points.p1 - result.points.p2;
}

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

/** 1.96 × the standard error of the mean of `units` (0 with fewer than two). */
function ci95(units: readonly number[]): number {
  if (units.length < 2) return 0;
  const m = mean(units);
  const variance = units.reduce((s, x) => s + (x - m) ** 2, 0) / (units.length - 1);
  return 1.96 * Math.sqrt(variance / units.length);
}

/**
 * Plays `games` games between A and B. Unmirrored: A takes seat p1 in odd games and p2 in even ones, each game
 * with its own dice. Mirrored: game 2k−1 and 2k throw the same dice with the seats swapped, and the interval
 * is computed over the pairs (the two games of a pair are not independent).
 */
export async function runMatch(a: MatchBot, b: MatchBot, o: MatchRunOptions): Promise<MatchRunResult> {
  const points: number[] = [];
  for (let i = 0; i < o.games; i++) {
    const aIsP1 = i % 2 === 0;
    const seats = aIsP1 ? { p1: a, p2: b } : { p1: b, p2: a };
    const unit = o.mirrored ? Math.floor(i / 2) : i;
    const p1 = await playGame(o.variant, o.rules, i + 1, seats, diceStream(o.seed, unit));
    const forA = aIsP1 ? p1 : -p1;
    points.push(forA);
    a.end(i + 1, forA);
    b.end(i + 1, -forA);
    o.onGame?.(i + 1, o.games);
  }
  const units = (xs: readonly number[]): number[] =>
    o.mirrored ? Array.from({ length: Math.ceil(xs.length / 2) }, (_, k) => mean(xs.slice(2 * k, 2 * k + 2))) : [...xs];
  const won = points.map((p) => (p > 0 ? 1 : 0));
  const wins = won.reduce((s: number, x) => s + x, 0);
  return {
    games: points.length,
    pointsPerGame: mean(points),
    ci95: ci95(units(points)),
    wins,
    winShare: wins / points.length,
    winShareCi95: ci95(units(won)),
    points,
  };
}
