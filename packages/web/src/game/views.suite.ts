/**
 * Test support: real game views built from engine match states, the way the server builds them (views.ts in
 * packages/server) — the engine plays the actions, the protocol's `legalFor` says what the recipient may do.
 */
import { apply, newMatch, positionFromSetup, toAct, type Action, type MatchSettingsInput, type MatchState, type Seat, type Setup } from '@nardy/engine';
import { legalFor, type GameEvent, type GameView } from '@nardy/protocol';
import type { GameUpdate } from '../net/types';

const USERS = {
  p1: { userId: 'u_alice', name: 'Alice', guest: false, rating: 1540 },
  p2: { userId: 'u_boris', name: 'Борис', guest: false, rating: 1495 },
} as const;

export const NOW = 1_767_225_600_000;

/** A match after `actions`, or a test failure naming the refused action. */
export function play(settings: MatchSettingsInput, actions: readonly Action[]): MatchState {
  const start = newMatch(settings);
  if (!start.ok) throw new Error(start.error.message);
  let m = start.value;
  for (const a of actions) {
    const r = apply(m, a);
    if (!r.ok) throw new Error(`${a.type}: ${r.error.message}`);
    m = r.value;
  }
  return m;
}

/** The same match with another board (a position the test needs), the dice kept. */
export function withBoard(m: MatchState, setup: Setup): MatchState {
  const p = positionFromSetup(setup);
  if (!p.ok) throw new Error(p.error.message);
  return { ...m, game: { ...m.game, position: p.value } };
}

/** The view `you` gets of the match (null = a spectator). */
export function viewOf(m: MatchState, you: Seat | null, gameId = 'g_test'): GameView {
  const g = m.game;
  const tc = m.settings.timeControl;
  const running = tc.kind === 'none' ? null : toAct(m);
  return {
    gameId,
    settings: { match: m.settings as GameView['settings']['match'], rated: false, stake: 0 },
    players: {
      p1: { user: { ...USERS.p1 }, online: true, graceUntil: null },
      p2: { user: { ...USERS.p2 }, online: true, graceUntil: null },
    },
    you,
    phase: m.phase,
    version: m.version,
    gameNumber: g.number,
    white: g.white,
    position: {
      variant: g.position.variant,
      turn: g.position.turn,
      board: { white: [...g.position.board.white], black: [...g.position.board.black] },
      firstTurn: { ...g.position.firstTurn },
    },
    dice: g.dice ? [g.dice[0], g.dice[1]] : null,
    openingThrows: g.openingThrows.map((t) => ({ p1: t.p1, p2: t.p2 })),
    cube: { ...g.cube },
    cubeOffer: g.cubeOffer ? { ...g.cubeOffer } : null,
    resignOffer: g.resignOffer ? { ...g.resignOffer } : null,
    score: { p1: m.score.p1, p2: m.score.p2 },
    crawford: g.crawford,
    lastThrow: g.lastThrow,
    toAct: toAct(m),
    clock: {
      control: tc as GameView['clock']['control'],
      left: tc.kind === 'none' ? { p1: null, p2: null } : { p1: 300_000, p2: 300_000 },
      running,
      since: running === null ? null : NOW,
      at: NOW,
      flagged: null,
    },
    legal: legalFor(m, you),
    games: m.games.map((r) => ({
      number: r.number,
      winner: r.winner,
      end: r.end,
      kind: r.kind,
      basePoints: r.basePoints,
      cubeValue: r.cubeValue,
      points: { ...r.points },
      white: r.white,
    })),
    end: m.end ? { ...m.end } : null,
    diceProof: {
      commitment: 'a'.repeat(64),
      clientSeeds: { p1: 'seed-a', p2: 'seed-b' },
      serverSeed: m.end ? 'b'.repeat(64) : null,
      throws: 0,
    },
  };
}

/** An action as the server sends it in an `action` event. */
export type WireAction = Extract<GameEvent, { kind: 'action' }>['action'];

/**
 * The web tests' sample short-nardy game: p1 opens 3–1 (8/5 6/5); p2 throws 6–4 and runs 24/14; p1 doubles and p2
 * takes; p1 resigns a single game and p2 accepts. A test that needs less takes the first actions (`slice`).
 */
export const SHORT_GAME: readonly WireAction[] = [
  { type: 'opening', dice: { p1: 3, p2: 1 } },
  {
    type: 'move',
    seat: 'p1',
    steps: [
      { from: 8, to: 5 },
      { from: 6, to: 5 },
    ],
  },
  { type: 'roll', seat: 'p2', dice: [6, 4] },
  {
    type: 'move',
    seat: 'p2',
    steps: [
      { from: 24, to: 18 },
      { from: 18, to: 14 },
    ],
  },
  { type: 'double', seat: 'p1' },
  { type: 'take', seat: 'p2' },
  { type: 'resign', seat: 'p1', level: 'single' },
  { type: 'acceptResign', seat: 'p2' },
];

/**
 * What a room following the match from its start receives: the first snapshot, then one `action` event per
 * action (and a `gameEnded` after each action that finished a game), numbered 1, 2, … with the view after each.
 */

export function timeline(settings: MatchSettingsInput, actions: readonly WireAction[], you: Seat | null): GameUpdate[] {
  let m = play(settings, []);
  const out: GameUpdate[] = [{ view: viewOf(m, you), n: 0, event: null, actions: [] }];
  for (const action of actions) {
    const r = apply(m, action);
    if (!r.ok) throw new Error(`${action.type}: ${r.error.message}`);
    const ended = r.value.games.slice(m.games.length);
    m = r.value;
    const view = viewOf(m, you);
    out.push({ view, n: out.length, event: { kind: 'action', action } });
    for (const g of ended) out.push({ view, n: out.length, event: { kind: 'gameEnded', result: view.games[g.number - 1]! } });
  }
  return out;
}

/** The snapshot a room that opens the game at update `i` of a timeline gets: that view, with every action up to it. */
export function snapshotAt(t: readonly GameUpdate[], i: number): GameUpdate {
  const actions = t.slice(0, i + 1).flatMap((u) => (u.event?.kind === 'action' ? [u.event.action] : []));
  return { view: t[i]!.view, n: t[i]!.n, event: null, actions };
}
