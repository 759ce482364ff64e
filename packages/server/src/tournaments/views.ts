import type { TournamentDetail, TournamentPairing, TournamentStanding, TournamentSummary, TournamentTerms, UserRef } from '@nardy/protocol';
import type { TournamentEntry, TournamentRecord } from '../store/types.js';
import type { Format, PairingView } from './formats/types.js';

/** A tournament as its lists show it. */
export function summaryOf(rec: TournamentRecord, entries: readonly TournamentEntry[], createdBy: UserRef | null): TournamentSummary {
  const terms = rec.terms as unknown as TournamentTerms;
  return {
    tournamentId: rec.id,
    terms,
    status: rec.status,
    createdBy,
    players: entries.length,
    pool: entries.reduce((a, e) => a + e.paid, 0),
    createdAt: rec.createdAt,
    startsAt: rec.startsAt,
    startedAt: rec.startedAt,
    finishedAt: rec.finishedAt,
  };
}

export function pairingOf(v: PairingView, gameId: string | null): TournamentPairing {
  const p = v.pairing;
  const r = v.result;
  return {
    pairingId: p.id,
    round: p.round,
    a: p.a,
    b: p.b,
    ...(p.bracket !== undefined ? { bracket: p.bracket } : {}),
    ...(p.slot !== undefined ? { slot: p.slot } : {}),
    gameId,
    result: r === null ? null : { winner: r.winner, scoreA: r.scoreA, scoreB: r.scoreB, forfeit: r.forfeit === true },
  };
}

/** The standings, with each place's prize once the tournament is over, and the provisional mark of the players' refs. */
export function standingsOf<S>(format: Format<S>, state: S, entries: readonly TournamentEntry[], refs: ReadonlyMap<string, UserRef>): TournamentStanding[] {
  const prize = new Map(entries.map((e) => [e.userId, e.prize]));
  return format.standings(state).map((s) => ({
    rank: s.rank,
    userId: s.id,
    points: s.points,
    played: s.played,
    won: s.won,
    tieBreaks: s.tieBreaks,
    ...(s.note !== undefined ? { note: s.note } : {}),
    ...(refs.get(s.id)?.provisional === true ? { provisional: true as const } : {}),
    ...((prize.get(s.id) ?? 0) > 0 ? { prize: prize.get(s.id)! } : {}),
  }));
}

/** Everything about one tournament: before the start its field only; then the format's pairings and standings. */
export function detailOf<S>(
  rec: TournamentRecord,
  entries: readonly TournamentEntry[],
  refs: ReadonlyMap<string, UserRef>,
  createdBy: UserRef | null,
  format: Format<S> | null,
  games: ReadonlyMap<string, string>,
): TournamentDetail {
  const state = rec.state as S | null;
  const standings = format && state !== null ? standingsOf(format, state, entries, refs) : [];
  // A knockout's standing notes the round a player went out in.
  const out = new Set(format?.id === 'knockout' ? standings.filter((s) => s.note !== undefined).map((s) => s.userId) : []);
  return {
    tournament: summaryOf(rec, entries, createdBy),
    entrants: entries.map((e) => ({
      user: refs.get(e.userId) ?? { userId: e.userId, name: e.userId, guest: false },
      rating: Math.max(0, Math.min(10000, Math.round(e.rating))),
      status:
        e.status === 'withdrew'
          ? 'withdrew'
          : rec.status === 'registering' || rec.status === 'cancelled'
            ? 'registered'
            : rec.status === 'finished' || out.has(e.userId)
              ? 'out'
              : 'playing',
    })),
    pairings: format && state !== null ? format.pairings(state).map((v) => pairingOf(v, games.get(v.pairing.id) ?? null)) : [],
    standings,
  };
}
