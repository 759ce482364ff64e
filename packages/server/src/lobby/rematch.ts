import type { Seat } from '@nardy/engine';
import type { ClientMessage, GameSummary } from '@nardy/protocol';
import type { ClientLink, Reply } from '../contracts.js';
import type { FinishedMatch, RematchEvent } from './options.js';
import { done, fail, other, type Check, type LobbyState } from './state.js';

/**
 * Rematches: after a finished match between two users, one offers and the other accepts (or both offer): a new
 * game at the same settings with the seats swapped. Each game gets one rematch; a tournament's match gets none (the
 * tournament pairs the next match). The offer belongs to the user who made it, not his connection: it survives his reload. It goes when he takes it back, when he has not had the
 * finished game open for `AWAY_GRACE_MS` (he left it for good), when he starts another game, or after `OFFER_TTL_MS`.
 * What happens is appended to the old game's log through the `rematches` port.
 */

/** How long an offer stays open unanswered. */
const OFFER_TTL_MS = 5 * 60_000;
/** Long enough for a reload or a reconnect on a phone; short enough that nobody answers an offer whose maker left. */
const AWAY_GRACE_MS = 20_000;

/** The most rematched game ids remembered. */
const REMATCHED_MEMORY = 10_000;

function rematchEvent(lobby: LobbyState, gameId: string, event: RematchEvent): void {
  try {
    lobby.options.rematches?.rematchEvent(gameId, event);
  } catch {
    // The games side's log is its own business; the lobby's answer stands.
  }
}

/** The finished match `gameId` and the caller's seat in it, or why there can be no rematch. */
async function rematchCheck(lobby: LobbyState, link: ClientLink, gameId: string): Promise<Check<{ match: FinishedMatch; seat: Seat; opponent: string }>> {
  const source = lobby.options.rematches;
  if (!source) return fail('UNAVAILABLE', 'rematches are not available');
  const match = await source.finishedMatch(gameId);
  if (!match) return fail('NOT_FOUND', 'no such game');
  const me = link.viewer.userId;
  const { p1, p2 } = match.seats;
  const seat: Seat | null = p1.kind === 'user' && p1.userId === me ? 'p1' : p2.kind === 'user' && p2.userId === me ? 'p2' : null;
  if (!seat) return fail('FORBIDDEN', 'only the players of a game may ask for its rematch');
  if (match.tournament) return fail('CONFLICT', 'a tournament game has no rematch: the tournament pairs your next match');
  const opp = match.seats[other(seat)];
  if (opp.kind !== 'user') return fail('CONFLICT', 'a rematch with a bot is a new bot game (bot.play)');
  if (!match.finished) return fail('CONFLICT', 'the match is not over');
  if (lobby.rematched.has(gameId)) return fail('CONFLICT', 'this game already had its rematch');
  return { ok: true, value: { match, seat, opponent: opp.userId } };
}

export async function rematchOffer(lobby: LobbyState, link: ClientLink, msg: ClientMessage<'rematch.offer'>): Promise<Reply> {
  const checked = await rematchCheck(lobby, link, msg.gameId);
  if (!checked.ok) return checked;
  const { match, seat, opponent } = checked.value;
  const offer = lobby.offers.get(msg.gameId);
  if (offer?.userId === link.viewer.userId) return fail('CONFLICT', 'you already offered a rematch');
  // Both offered: that is an agreement.
  if (offer) return rematchStart(lobby, link, msg.gameId, msg.clientSeed, null);
  if (!lobby.userLinks.has(opponent)) return fail('CONFLICT', 'your opponent has left');
  const ok = await lobby.canPlay(link.viewer.userId, opponent, match.settings);
  if (!ok.ok) return ok;
  const seed = lobby.preCommitted(link.id, msg.commitment);
  if (!seed.ok) return seed;
  const dice = seed.value === undefined || msg.commitment === undefined ? undefined : { serverSeed: seed.value, commitment: msg.commitment };
  const me = link.viewer.userId;
  const playing = new Set([...lobby.games.values()].filter((g) => playsIn(g, me)).map((g) => g.gameId));
  const expiresAt = lobby.now() + OFFER_TTL_MS;
  lobby.offers.set(msg.gameId, { userId: me, seat, expiresAt, playing, awaySince: null, clientSeed: msg.clientSeed, dice });
  // The opponent sees the rematch's commitment with the offer, before his seed goes with his accept.
  rematchEvent(lobby, msg.gameId, dice ? { kind: 'rematchOffered', by: seat, commitment: dice.commitment } : { kind: 'rematchOffered', by: seat });
  return done();
}

export function rematchAccept(lobby: LobbyState, link: ClientLink, msg: ClientMessage<'rematch.accept'>): Promise<Reply> {
  const offered = lobby.offers.get(msg.gameId)?.dice?.commitment;
  if (msg.commitment !== undefined && offered !== msg.commitment) {
    return Promise.resolve(fail('CONFLICT', "that is not this rematch offer's dice commitment"));
  }
  return rematchStart(lobby, link, msg.gameId, msg.clientSeed, link.id);
}

/** The caller agrees to the opponent's open offer; a start that fails leaves the offer open. */
async function rematchStart(lobby: LobbyState, link: ClientLink, gameId: string, clientSeed: string | undefined, ackLink: string | null): Promise<Reply> {
  const checked = await rematchCheck(lobby, link, gameId);
  if (!checked.ok) return checked;
  const { match, seat, opponent } = checked.value;
  const offer = lobby.offers.get(gameId);
  if (!offer || offer.userId !== opponent) return fail('CONFLICT', 'there is no rematch offer from your opponent');
  const ok = await lobby.canPlay(link.viewer.userId, opponent, match.settings);
  if (!ok.ok) return ok;
  // Colours swapped: the one who offered sits where I sat.
  const owner = { userId: opponent, seed: offer.clientSeed };
  const joiner = { userId: link.viewer.userId, seed: clientSeed, ackLink };
  const next = {
    item: `rematch:${gameId}`,
    settings: match.settings,
    owner,
    joiner,
    serverSeed: offer.dice?.serverSeed,
    ownerSeat: seat,
    private: match.private,
  };
  return lobby.startBetween(next, (rematchId) => {
    lobby.offers.delete(gameId);
    lobby.rematched.add(gameId);
    if (lobby.rematched.size > REMATCHED_MEMORY) {
      const oldest = lobby.rematched.values().next();
      if (!oldest.done) lobby.rematched.delete(oldest.value);
    }
    rematchEvent(lobby, gameId, { kind: 'rematchStarted', gameId: rematchId });
  });
}

export async function rematchDecline(lobby: LobbyState, link: ClientLink, msg: ClientMessage<'rematch.decline'>): Promise<Reply> {
  const checked = await rematchCheck(lobby, link, msg.gameId);
  if (!checked.ok) return checked;
  const offer = lobby.offers.get(msg.gameId);
  if (!offer || offer.userId !== checked.value.opponent) return fail('CONFLICT', 'there is no rematch offer from your opponent');
  lobby.offers.delete(msg.gameId);
  rematchEvent(lobby, msg.gameId, { kind: 'rematchDeclined', by: checked.value.seat });
  return done();
}

/** The offerer takes his open offer back. */
export function rematchCancel(lobby: LobbyState, link: ClientLink, gameId: string): Reply {
  if (lobby.offers.get(gameId)?.userId !== link.viewer.userId) return fail('CONFLICT', 'you have no open rematch offer for this game');
  rematchWithdraw(lobby, gameId);
  return done();
}

/**
 * Closes the offers that lapsed at `t`: unanswered too long, their maker away from the finished game past the grace,
 * or playing another game begun after the offer (one the lobby lists).
 */
export function rematchExpire(lobby: LobbyState, t: number): void {
  for (const [gameId, o] of [...lobby.offers]) {
    // Being accepted now: its game (just announced) is no reason to withdraw it.
    if (lobby.starting.has(`rematch:${gameId}`)) continue;
    const here = lobby.options.rematches?.watching?.(gameId, o.userId) ?? lobby.userLinks.has(o.userId);
    o.awaySince = here ? null : (o.awaySince ?? t);
    const away = o.awaySince !== null && t - o.awaySince >= AWAY_GRACE_MS;
    const elsewhere = [...lobby.games.values()].some((g) => playsIn(g, o.userId) && !o.playing.has(g.gameId));
    if (o.expiresAt <= t || away || elsewhere) rematchWithdraw(lobby, gameId);
  }
}

const playsIn = (g: GameSummary, userId: string): boolean => g.players.p1.userId === userId || g.players.p2.userId === userId;

/** Closes the open offer of `gameId` (taken back, or lapsed): both players see it go. */
function rematchWithdraw(lobby: LobbyState, gameId: string): void {
  const offer = lobby.offers.get(gameId);
  if (!offer) return;
  lobby.offers.delete(gameId);
  rematchEvent(lobby, gameId, { kind: 'rematchWithdrawn', by: offer.seat });
}
