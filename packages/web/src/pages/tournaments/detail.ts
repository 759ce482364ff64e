/**
 * One tournament as the page keeps it: the `tournament.snapshot` (or the REST detail), then each push applied —
 * the summary replaced, pairings merged by id (a push carries only new or changed ones), standings replaced.
 * Also what the page derives from it for the viewer: his entry, his match now, what he may do.
 */
import type { ServerToClient, TournamentDetail, TournamentFormat, TournamentPairing } from '@nardy/protocol';

type Push = Extract<ServerToClient, { type: 'tournament.snapshot' | 'tournament.state' | 'tournament.pairings' | 'tournament.standings' }>;

export function applyPush(detail: TournamentDetail | null, msg: Push): TournamentDetail | null {
  if (msg.type === 'tournament.snapshot') return msg.detail;
  if (detail === null) return null;
  const id = detail.tournament.tournamentId;
  switch (msg.type) {
    case 'tournament.state':
      return msg.tournament.tournamentId === id ? { ...detail, tournament: msg.tournament } : detail;
    case 'tournament.pairings': {
      if (msg.tournamentId !== id) return detail;
      const changed = new Map(msg.pairings.map((p) => [p.pairingId, p]));
      const kept = detail.pairings.map((p) => changed.get(p.pairingId) ?? p);
      const known = new Set(detail.pairings.map((p) => p.pairingId));
      return { ...detail, pairings: [...kept, ...msg.pairings.filter((p) => !known.has(p.pairingId))] };
    }
    case 'tournament.standings':
      return msg.tournamentId === id ? { ...detail, standings: msg.standings } : detail;
  }
}

/** The viewer's match in play or waiting to be played (a game started, no result yet), if any. */
export function currentMatch(detail: TournamentDetail, userId: string | null): TournamentPairing | null {
  if (userId === null) return null;
  return detail.pairings.find((p) => p.result === null && p.b !== null && (p.a === userId || p.b === userId)) ?? null;
}

/** The buttons the viewer gets: register while registering and not in; leave while in (before or during); cancel for the creator before the start. */
export function actionsFor(detail: TournamentDetail, userId: string | null, guest: boolean): { register: boolean; leave: boolean; cancel: boolean } {
  const t = detail.tournament;
  const me = userId === null ? undefined : detail.entrants.find((e) => e.user.userId === userId);
  const inField = me !== undefined && (me.status === 'registered' || me.status === 'playing');
  const open = t.status === 'registering';
  return {
    register: open && !guest && !inField,
    leave: inField && (open || t.status === 'running'),
    cancel: open && t.createdBy !== null && t.createdBy.userId === userId,
  };
}

/** The pairings to list under the standings: the current round's (the highest with any), or in an arena, where each pair plays when free, the games in play. */
export function currentPairings(format: TournamentFormat, pairings: readonly TournamentPairing[]): TournamentPairing[] {
  if (format === 'arena') return pairings.filter((p) => p.result === null);
  const round = pairings.reduce((m, p) => Math.max(m, p.round), 0);
  return pairings.filter((p) => p.round === round);
}

/**
 * A decided pairing as the list shows it: who won, 1 : 0 (a resigned or forfeited match scores 0 : 0 in points,
 * which would hide the winner); the match score goes in its title.
 */
export function resultText(result: NonNullable<TournamentPairing['result']>): { text: string; title: string } {
  const text = result.winner === 'draw' ? '½ : ½' : result.winner === 'a' ? '1 : 0' : '0 : 1';
  return { text, title: `${result.scoreA} : ${result.scoreB}` };
}
