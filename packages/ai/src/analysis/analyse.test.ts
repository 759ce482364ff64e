import { describe, expect, it } from 'vitest';
import { apply, legalTurns, makeTurnNotation, newMatch, replay, seatToPlay, type Action, type Dice } from '@nardy/engine';
import { rankTurns } from '../choose.js';
import { cubeInputsOf, playCubeOf } from '../cube.js';
import type { PlayCube } from '../cubeful-play.js';
import { THROWS } from '../throws.js';
import { analyseMatch, joinAnalyses } from './analyse.js';
import { collectJobs } from './jobs.js';
import { must, playRecord } from './records.suite.js';
import { AnalysisSearch } from './search.js';
import type { MoveDecision, TakeDecision } from './types.js';

const money = { variant: 'short', matchLength: 0 } as const;
const moves = (ds: readonly { kind: string }[]): MoveDecision[] => ds.filter((d): d is MoveDecision => d.kind === 'move');

describe('analyseMatch at 0-ply', () => {
  const actions = playRecord({ variant: 'short', matchLength: 3 }, 3, { maxActions: 50 });
  const input = { settings: { variant: 'short', matchLength: 3 } as const, actions };

  it('is deterministic, and its best turns and errors are those of the 0-ply cubeful ranking', async () => {
    const a = await analyseMatch(input, { ply: 0 });
    expect(await analyseMatch(input, { ply: 0 })).toEqual(a);
    // Re-derive the first unforced turn's ranking with the bot's own search under the same cube.
    const first = moves(a.decisions).find((d) => d.unforced && d.luck !== null)!;
    let state = must(newMatch(input.settings));
    for (const action of actions) {
      if (state.phase === 'moving' && state.game.number === first.game && state.game.turnsPlayed + 1 === first.move) break;
      state = must(apply(state, action));
    }
    const { cube, context } = cubeInputsOf(state);
    const ranked = rankTurns(state.game.position, state.game.dice!, { level: 'expert', scoring: state.settings, cube: playCubeOf(cube, context) });
    expect(first.best).toBe(makeTurnNotation(state.game.position, ranked[0]!.turn));
    expect(first.candidates[0]!.equity).toBeCloseTo(ranked[0]!.equity, 12);
    // Error rates: mEMG per unforced decision, PR half of it.
    for (const p of a.players) {
      const own = a.decisions.filter((d) => d.player === p.seat && d.unforced);
      expect(p.unforcedMoves + p.unforcedCube).toBe(own.length);
      expect(p.errorRate).toBeCloseTo((1000 * own.reduce((s, d) => s + d.error, 0)) / own.length, 9);
      expect(p.pr).toBeCloseTo(p.errorRate! / 2, 9);
      expect(p.errorRateMwc).not.toBeUndefined();
    }
  });

  it('does not count forced moves', async () => {
    const a = await analyseMatch(input, { ply: 0 });
    const forced = moves(a.decisions).filter((d) => !d.unforced);
    expect(forced.length).toBeGreaterThan(0);
    for (const d of forced) expect(d.error).toBe(0);
    // The opening throw of short nardy, a forced 6-5 run, is among them; each player's count leaves them out.
    const p1 = a.players[0];
    expect(p1.unforcedMoves).toBe(moves(a.decisions).filter((d) => d.player === 'p1' && d.unforced).length);
  });

  it('analysed in shares (worker threads) and joined, is the same as in one piece', async () => {
    const whole = await analyseMatch(input, { ply: 0 });
    const parts = await Promise.all([0, 1, 2].map((index) => analyseMatch(input, { ply: 0, share: { index, of: 3 } })));
    expect(parts[0]!.decisions.length).toBeLessThan(whole.decisions.length);
    // Equal but for the last bits: a share may value a cube decision by the search afresh, the whole reuses the turn before's.
    const rounded = (x: unknown): unknown => JSON.parse(JSON.stringify(x, (_, v: unknown) => (typeof v === 'number' ? Number(v.toFixed(12)) : v)));
    expect(rounded(joinAnalyses(input, parts))).toEqual(rounded(whole));
  });

  it('reports progress and stops when cancelled', async () => {
    const seen: [number, number][] = [];
    await analyseMatch(input, { ply: 0, onProgress: (done, total) => seen.push([done, total]) });
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.at(-1)![0]).toBe(seen.at(-1)![1]);
    const controller = new AbortController();
    const run = analyseMatch(input, { ply: 0, onProgress: (done) => done === 3 && controller.abort(), signal: controller.signal });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('marks', () => {
  it('marks a deliberately bad move very bad', async () => {
    let spoilt = false;
    const actions = playRecord(money, 5, {
      maxActions: 40,
      pick: (ranked) => {
        if (!spoilt && ranked[0]!.equity - ranked.at(-1)!.equity > 0.4) {
          spoilt = true;
          return ranked.at(-1)!.turn;
        }
        return ranked[0]!.turn;
      },
    });
    expect(spoilt).toBe(true);
    const a = await analyseMatch({ settings: money, actions }, { ply: 0 });
    const worst = moves(a.decisions).find((d) => d.rank > 0 && d.error > 0.4)!;
    expect(worst.mark).toBe('veryBad');
    expect(worst.played).not.toBe(worst.best);
    expect(a.players.find((p) => p.seat === worst.player)!.marks.veryBad).toBeGreaterThan(0);
  });

  it('marks a pass of an early double wrong, and the double too', async () => {
    let doubled = false;
    const actions = playRecord(money, 9, {
      maxActions: 12,
      cube: {
        double: (s) => !doubled && s.game.turnsPlayed === 3 && (doubled = true),
        answer: () => 'pass',
      },
    });
    const a = await analyseMatch({ settings: money, actions }, { ply: 0 });
    const pass = a.decisions.find((d): d is TakeDecision => d.kind === 'take')!;
    expect(pass).toMatchObject({ played: 'pass', best: 'take', mark: 'veryBad', unforced: true });
    expect(pass.error).toBeCloseTo(1 - pass.cube.take, 12);
    const double = a.decisions.find((d) => d.kind === 'double' && d.played === 'double')!;
    expect(double).toMatchObject({ best: 'noDouble', unforced: true });
    expect(double.error).toBeGreaterThan(0);
  });
});

describe('cube decisions in a match', () => {
  it("counts none where the cube is dead for the side on roll (the leader after Crawford), as gnubg's statistics", async () => {
    const settings = { variant: 'short', matchLength: 3 } as const;
    const actions = playRecord(settings, 11); // the whole match: it has a post-Crawford game
    const states = collectJobs(settings, actions).jobs.flatMap((j) => (j.kind === 'double' ? [j.state] : []));
    const a = await analyseMatch({ settings, actions }, { ply: 0 });
    const doubles = a.decisions.filter((d) => d.kind === 'double');
    expect(doubles).toHaveLength(states.length);
    const dead = doubles.filter((_, i) => 3 - states[i]!.score[seatToPlay(states[i]!.game)] <= states[i]!.game.cube.value);
    expect(dead.length).toBeGreaterThan(0);
    expect(dead.filter((d) => d.unforced)).toEqual([]);
    expect(doubles.filter((d) => d.unforced).length).toBeGreaterThan(0);
  });
});

describe('luck', () => {
  const actions = playRecord(money, 11, { maxActions: 25 });
  const state = must(replay(money, actions));
  const { cube, context } = cubeInputsOf(state);
  const position = state.game.position;

  for (const ply of [0, 1]) {
    it(`of the 36 throws averages to 0 at ${ply}-ply`, () => {
      const search = new AnalysisSearch(state.settings, ply);
      const mean = THROWS.reduce((s, t) => s + t.weight * search.luck(position, t.dice, playCubeOf(cube, context)), 0) / 36;
      expect(Math.abs(mean)).toBeLessThan(1e-12);
    });
  }
});

/** A long-nardy record: White opens 3-3 with `white`, Black answers 3-3 with `black`. */
function longOpening(white: string, black: string): Action[] {
  const settings = { variant: 'long', matchLength: 0 } as const;
  let state = must(newMatch(settings));
  const actions: Action[] = [];
  const act = (a: Action): void => {
    state = must(apply(state, a));
    actions.push(a);
  };
  act({ type: 'opening', dice: { p1: 5, p2: 2 } });
  for (const notation of [white, black]) {
    const seat = seatToPlay(state.game);
    const dice: Dice = [3, 3];
    act({ type: 'roll', seat, dice });
    const turn = legalTurns(state.game.position, dice).find((t) => makeTurnNotation(state.game.position, t) === notation)!;
    act({ type: 'move', seat, steps: turn.steps });
  }
  return actions;
}

describe('long nardy', () => {
  it("marks the opening book's turns, and judges the other 3-3 reply by the book", async () => {
    const a = moves((await analyseMatch({ settings: { variant: 'long' }, actions: longOpening('24/15 24/21', '12/6(2)') }, { ply: 0 })).decisions);
    expect(a[0]).toMatchObject({ played: '24/15 24/21', best: '24/15 24/21', book: true, error: 0 });
    expect(a[1]).toMatchObject({ played: '12/6(2)', best: '12/3 12/9', book: false, mark: 'veryBad' });
    expect(a[1]!.error).toBeCloseTo(-0.194 - -0.515, 12);
  });

  it('the bot plays the book on 3-3', () => {
    const start = must(newMatch({ variant: 'long' }));
    const opened = must(apply(start, { type: 'opening', dice: { p1: 5, p2: 2 } }));
    const position = opened.game.position;
    const top = rankTurns(position, [3, 3], { level: 'expert' })[0]!;
    expect(makeTurnNotation(position, top.turn)).toBe('24/15 24/21');
    const reply = top.turn.after;
    expect(makeTurnNotation(reply, rankTurns(reply, [3, 3], { level: 'expert' })[0]!.turn)).toBe('12/3 12/9');
  });
});

describe('Caucasian nardy', () => {
  it('is analysed', async () => {
    const settings = { variant: 'caucasian', matchLength: 0 } as const;
    const a = await analyseMatch({ settings, actions: playRecord(settings, 4, { maxActions: 30 }) }, { ply: 0 });
    expect(a.variant).toBe('caucasian');
    expect(moves(a.decisions).length).toBeGreaterThan(5);
    for (const p of a.players) expect(Number.isFinite(p.errorRate)).toBe(true);
  });
});

describe('luck of the opening throw', () => {
  const swap = (c: PlayCube): PlayCube => ({ ...c, ...(c.away ? { away: { onRoll: c.away.opponent, opponent: c.away.onRoll } } : {}) });

  it('short nardy: over both seats starting with each non-double throw, the first seat’s luck averages to 0 at an uneven score', () => {
    const state = must(apply(must(newMatch({ variant: 'short', matchLength: 5 })), { type: 'opening', dice: { p1: 4, p2: 1 } }));
    const search = new AnalysisSearch(state.settings, 0);
    const cube: PlayCube = { value: 1, owner: 'centred', away: { onRoll: 2, opponent: 4 } };
    let sum = 0;
    for (const { dice } of THROWS.filter((t) => t.dice[0] !== t.dice[1])) {
      sum += search.openingLuck(state.game.position, dice, cube, false) - search.openingLuck(state.game.position, dice, swap(cube), false);
    }
    expect(Math.abs(sum / 30)).toBeLessThan(1e-12);
  });

  it('long nardy, throwing afresh: over both seats starting with each of the 36 throws, it averages to 0', () => {
    const state = must(apply(must(newMatch({ variant: 'long', matchLength: 3 })), { type: 'opening', dice: { p1: 4, p2: 1 } }));
    const search = new AnalysisSearch(state.settings, 0);
    const cube: PlayCube = { value: 1, owner: 'centred', away: { onRoll: 1, opponent: 3 }, stage: 'postCrawford' };
    let sum = 0;
    for (const { dice, weight } of THROWS) {
      sum += weight * (search.openingLuck(state.game.position, dice, cube, true) - search.openingLuck(state.game.position, dice, swap(cube), true));
    }
    expect(Math.abs(sum / 72)).toBeLessThan(1e-12);
  });

  it('is rated in analyses: in money play, by symmetry, the starter’s luck is the equity of his best opening turn', async () => {
    const tables = [
      { variant: 'short', matchLength: 0 },
      { variant: 'long', matchLength: 0 }, // the starter throws afresh
      { variant: 'long', matchLength: 0, openingThrow: 'useOpeningDice' }, // L4 option: he plays the opening dice
    ] as const;
    for (const settings of tables) {
      const a = await analyseMatch({ settings, actions: playRecord(settings, 2, { maxActions: 6 }) }, { ply: 0 });
      const first = moves(a.decisions)[0]!;
      expect(first.move).toBe(1);
      expect(first.luck).not.toBeNull();
      expect(first.luck!.luck).toBeCloseTo(first.candidates[0]!.equity, 9);
    }
  });
});

describe("the ranking at depth, as gnubg's analysis (FindnSaveBestMoves)", () => {
  const settings = { variant: 'short', matchLength: 0 } as const;
  const jobs = collectJobs(settings, playRecord(settings, 13, { maxActions: 400 }))
    .jobs.flatMap((j) => (j.kind === 'move' ? [j.state] : []))
    .filter((s) => legalTurns(s.game.position, s.game.dice!, s.settings.rules).length > 2);
  const rankAt = (s: (typeof jobs)[number], ply: number, worst: boolean): ReturnType<AnalysisSearch['rank']> => {
    const turns = legalTurns(s.game.position, s.game.dice!, s.settings.rules);
    const zero = new AnalysisSearch(s.settings, 0).rank(s.game.position, s.game.dice!, playCubeOf(cubeInputsOf(s).cube, cubeInputsOf(s).context), turns[0]!);
    const played = worst ? zero.ranked.at(-1)!.turn : turns[0]!;
    return new AnalysisSearch(s.settings, ply).rank(s.game.position, s.game.dice!, playCubeOf(cubeInputsOf(s).cube, cubeInputsOf(s).context), played);
  };
  const survivorsAt0 = (s: (typeof jobs)[number]): number => {
    const { ranked } = rankAt(s, 0, false);
    return ranked.filter((r, i) => i < 8 && r.equity >= ranked[0]!.equity - 0.16).length;
  };

  it('takes the best 8 within 0.16 at 0-ply straight to the full depth, and the played turn with them', () => {
    const s = jobs.find((x) => survivorsAt0(x) > 1 && legalTurns(x.game.position, x.game.dice!).length > 12)!;
    const { ranked, playedIndex } = rankAt(s, 1, true);
    const deep = ranked.filter((r) => r.plies === 1);
    expect(deep.length).toBe(survivorsAt0(s) + 1);
    expect(ranked[playedIndex]!.plies).toBe(1);
    expect(ranked.slice(0, deep.length).every((r) => r.plies === 1)).toBe(true);
  });

  it('where only the best survives the filter, scores it and a played turn over 0.04 worse at the full depth', () => {
    const s = jobs.find((x) => survivorsAt0(x) === 1)!;
    const { ranked, playedIndex } = rankAt(s, 1, true);
    expect(playedIndex).toBeGreaterThan(0);
    expect(ranked[0]!.plies).toBe(1);
    expect(ranked[playedIndex]!.plies).toBe(1);
    expect(ranked.filter((r) => r.plies === 1)).toHaveLength(2);
  });
});
