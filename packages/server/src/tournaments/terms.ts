import { matchSettings } from '@nardy/engine';
import type { TournamentTerms, TournamentTermsInput } from '@nardy/protocol';
import type { ReplyError } from '../contracts.js';
import type { Format, FormatOptions, Standing } from './formats/types.js';

/** Of the pool, the share paid out (the rest is the house's), and how the payout is split over places 1, 2, 3. */
const DEFAULT_PAYOUT_PERCENT = 80;
const DEFAULT_PRIZE_SHARES: readonly number[] = [50, 30, 20];

const bad = (message: string): { ok: false; error: ReplyError } => ({ ok: false, error: { code: 'BAD_OPTIONS', message } });

/**
 * A creator's terms, completed (the engine's match settings, the prize defaults) and checked: a match to a length
 * with a clock (a tournament cannot wait on a player without one), a field within the format's limits, a start in
 * the future, bots only at a casual sit-and-go, the format's own options only.
 */
export function completeTerms(
  input: TournamentTermsInput,
  format: Format<unknown>,
  now: number,
): { ok: true; value: TournamentTerms } | { ok: false; error: ReplyError } {
  const match = matchSettings(input.match);
  if (!match.ok) return { ok: false, error: { code: match.error.code, message: match.error.message } };
  if (match.value.matchLength < 1) return bad('a tournament plays matches to a length (not money sessions)');
  if (match.value.timeControl.kind === 'none') return bad('a tournament needs a clock');
  if (input.minPlayers > input.maxPlayers) return bad('minPlayers is more than maxPlayers');
  if (input.minPlayers < format.minPlayers || input.maxPlayers > format.maxPlayers)
    return bad(`a ${format.id} tournament takes ${format.minPlayers}–${format.maxPlayers} players`);
  if (input.start.kind === 'at' && input.start.at <= now) return bad('the start must be in the future');
  if (input.bots && (input.rated || input.start.kind !== 'full' || input.buyIn > 0))
    return bad('bots fill only casual sit-and-go tournaments without a buy-in');
  const o = input.options;
  if (o.rounds !== undefined && format.id !== 'swiss') return bad('rounds are for Swiss tournaments');
  if ((o.consolation !== undefined || o.thirdPlace !== undefined) && format.id !== 'knockout')
    return bad('a consolation bracket and a third-place match are for knockouts');
  if (format.id === 'arena' && o.minutes === undefined) return bad('an arena needs its length in minutes');
  if (o.minutes !== undefined && format.id !== 'arena') return bad('minutes are for arenas');
  if (format.id === 'arena' && input.start.kind === 'full') return bad('an arena starts at a set time');
  return {
    ok: true,
    value: {
      ...input,
      match: match.value as TournamentTerms['match'],
      payoutPercent: input.payoutPercent ?? DEFAULT_PAYOUT_PERCENT,
      prizeShares: input.prizeShares ?? [...DEFAULT_PRIZE_SHARES],
    },
  };
}

/** What the format is started with: its options from the terms, the tournament's id as the seed for any lot. */
export function formatOptions(terms: TournamentTerms, tournamentId: string, startedAt: number): FormatOptions {
  const o = terms.options;
  return {
    seed: tournamentId,
    ...(o.rounds !== undefined ? { rounds: o.rounds } : {}),
    ...(o.consolation !== undefined ? { consolation: o.consolation } : {}),
    ...(o.thirdPlace !== undefined ? { thirdPlace: o.thirdPlace } : {}),
    ...(o.minutes !== undefined ? { endsAt: startedAt + o.minutes * 60_000 } : {}),
  };
}

/**
 * The prizes: `payoutPercent` of the pool, split by `prizeShares` over the places the field has (a field smaller than
 * the places paid shares the payout among those it has, in the same proportions), each rounded down; what rounding
 * leaves goes to the first place. Bots and players who withdrew win nothing: their places are skipped.
 */
export function prizesFor(
  pool: number,
  terms: Pick<TournamentTerms, 'payoutPercent' | 'prizeShares'>,
  standings: readonly Standing[],
  unpaid: (id: string) => boolean,
): { userId: string; amount: number }[] {
  const people = standings.filter((s) => !unpaid(s.id));
  const shares = terms.prizeShares.slice(0, people.length);
  const payout = Math.floor((pool * terms.payoutPercent) / 100);
  const total = shares.reduce((a, b) => a + b, 0);
  if (payout === 0 || total === 0) return [];
  const prizes = shares.map((share, i) => ({ userId: people[i]!.id, amount: Math.floor((payout * share) / total) }));
  prizes[0]!.amount += payout - prizes.reduce((a, p) => a + p.amount, 0);
  return prizes.filter((p) => p.amount > 0);
}
