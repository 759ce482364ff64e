import { otherSeat, type BySeat, type GameResult, type MatchState, type Seat } from '@nardy/engine';
import type { GameEvent as WireEvent, GameView as WireView, UserRef } from '@nardy/protocol';
import type { GameEvent, GameView } from '../game/events.js';
import type { GameHeader } from '../game/log.js';

/**
 * From the game core's events and views to @nardy/protocol's, one to one: every numbered event of the game actor
 * is the wire event of the same number (`ended` is the wire's `matchEnded`, `claimable` names the absent seat).
 */
export function wireEvent(e: GameEvent): WireEvent {
  switch (e.type) {
    case 'action':
      return { kind: 'action', action: e.action as Extract<WireEvent, { kind: 'action' }>['action'] };
    case 'gameEnded':
      return { kind: 'gameEnded', result: wireResult(e.result) };
    case 'ended':
      return { kind: 'matchEnded', end: { winner: e.end.winner, reason: e.abandonedBy ? 'abandoned' : e.end.reason }, serverSeed: e.serverSeed };
    case 'presence':
      return { kind: 'presence', seat: e.seat, online: e.connected, graceUntil: e.claimableAt };
    case 'claimable':
      return { kind: 'claimable', seat: e.absent };
    case 'nextGame':
      return { kind: 'nextGame', startsAt: e.startsAt, ready: [...e.ready] };
    case 'rated':
      return { kind: 'rated', ratings: { p1: Math.round(e.ratings.p1), p2: Math.round(e.ratings.p2) } };
    case 'rematch':
      return e.rematch;
  }
}

export const wireResult = (r: GameResult) => ({
  number: r.number,
  winner: r.winner,
  end: r.end,
  kind: r.kind,
  basePoints: r.basePoints,
  cubeValue: r.cubeValue,
  points: { p1: r.points.p1, p2: r.points.p2 },
  white: r.white,
});

const ms = (n: number): number | null => (Number.isFinite(n) ? Math.max(0, Math.round(n)) : null);

/** What the view needs besides the actor's: the table as set up, the players' names, the stake. */
export interface ViewContext {
  readonly header: GameHeader;
  readonly players: BySeat<UserRef>;
  readonly stake: number;
  readonly now: number;
  /** A tournament's match: the tournament the view names. */
  readonly tournament?: { readonly id: string; readonly name: string };
}

/** The protocol's view for one recipient, from the actor's. */
export function wireView(v: GameView, ctx: ViewContext): WireView {
  const m: MatchState = v.match;
  // A session ended between games: the engine has already set up the next game, but the table shows the last one played.
  const last = m.games[m.games.length - 1];
  const g =
    m.phase === 'matchOver' && last && last.number < m.game.number ? { ...m.game, number: last.number, white: last.white, position: last.position } : m.game;
  const settings = ctx.header.settings;
  const lastTimeout = last?.end === 'timeout' ? last : undefined;
  const flagged: Seat | null =
    m.end?.reason === 'timeout' && m.end.winner ? otherSeat(m.end.winner) : lastTimeout?.winner ? otherSeat(lastTimeout.winner) : null;
  return {
    gameId: v.gameId,
    settings: { match: settings as WireView['settings']['match'], rated: ctx.header.rated, stake: ctx.stake },
    players: {
      p1: { user: ctx.players.p1, online: v.seats.p1.connected, graceUntil: v.seats.p1.claimableAt },
      p2: { user: ctx.players.p2, online: v.seats.p2.connected, graceUntil: v.seats.p2.claimableAt },
    },
    you: v.you,
    // A game called off shows as over; its board stays where it was.
    phase: v.aborted ? 'matchOver' : m.phase,
    version: m.version,
    gameNumber: g.number,
    white: g.white,
    position: {
      variant: g.position.variant,
      turn: g.position.turn,
      board: { white: [...g.position.board.white], black: [...g.position.board.black] },
      firstTurn: { white: g.position.firstTurn.white, black: g.position.firstTurn.black },
    },
    dice: g.dice ? [g.dice[0], g.dice[1]] : null,
    openingThrows: g.openingThrows.map((t) => ({ p1: t.p1, p2: t.p2 })),
    cube: { value: g.cube.value, owner: g.cube.owner, turned: g.cube.turned, automaticDoubles: g.cube.automaticDoubles },
    cubeOffer: g.cubeOffer ? { by: g.cubeOffer.by, value: g.cubeOffer.value, beaver: g.cubeOffer.beaver } : null,
    resignOffer: g.resignOffer ? { by: g.resignOffer.by, level: g.resignOffer.level, resume: g.resignOffer.resume } : null,
    score: { p1: m.score.p1, p2: m.score.p2 },
    crawford: g.crawford,
    lastThrow: g.lastThrow,
    toAct: v.toAct,
    clock: v.clock
      ? {
          control: settings.timeControl as WireView['clock']['control'],
          left: { p1: ms(v.clock.left.p1), p2: ms(v.clock.left.p2) },
          running: v.clock.running,
          since: v.clock.since,
          at: v.clock.at,
          flagged,
        }
      : { control: { kind: 'none' }, left: { p1: null, p2: null }, running: null, since: null, at: ctx.now, flagged: null },
    legal: v.legal,
    games: m.games.map(wireResult),
    end: v.aborted ? { winner: null, reason: 'aborted' } : m.end ? { winner: m.end.winner, reason: v.abandonedBy ? 'abandoned' : m.end.reason } : null,
    diceProof: {
      commitment: ctx.header.dice.commitment,
      clientSeeds: { p1: ctx.header.dice.clientSeeds.p1, p2: ctx.header.dice.clientSeeds.p2 },
      serverSeed: v.dice.serverSeed,
      throws: v.dice.throws,
    },
    ...(v.nextGame ? { nextGame: { startsAt: v.nextGame.startsAt, ready: [...v.nextGame.ready] } } : {}),
    ...(v.ratings ? { ratings: { p1: Math.round(v.ratings.p1), p2: Math.round(v.ratings.p2) } } : {}),
    ...(v.rematchOffer ? { rematchOffer: v.rematchOffer } : {}),
    ...(ctx.tournament ? { tournament: { id: ctx.tournament.id, name: ctx.tournament.name } } : {}),
  };
}
