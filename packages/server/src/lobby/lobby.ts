import { LIMITS, type Challenge, type ClientMessage, type ClientToServer, type GameSummary, type Seek, type VariantRating } from '@nardy/protocol';
import type { ClientLink, CommandModule, GameFactory, Reply } from '../contracts.js';
import { SerialQueue } from '../serial.js';
import { challengeAccept, challengeAnswer, challengeSend, closeChallenge } from './challenges.js';
import { cameOnline, ratingsMoved, renamed, wentOffline, withRatings } from './online.js';
import type { LobbyOptions } from './options.js';
import { defaultToken, tableCancel, tableCreate, tableJoin, tableShow } from './private-tables.js';
import { quickPairCommit, quickPairJoin, quickPairLeave } from './quick-pairing.js';
import { rematchAccept, rematchCancel, rematchDecline, rematchExpire, rematchOffer } from './rematch.js';
import { seekAccept, seekCancel, seekCreate } from './seeks.js';
import { LobbyState, done, fail } from './state.js';

/**
 * The lobby (lila `LobbySyncActor`): open seeks, quick pairing, direct challenges, private tables by link,
 * rematches, and the live list of seeks and games pushed to subscribers. Games are started through the
 * `GameFactory`; `bot.play` is the games module's.
 *
 * One serial actor: every command, connection change, expiry and game-ended notice runs through one queue, one
 * at a time, so a command that awaits (a block, the chips ledger, a game start) finds the lobby as it left it —
 * a seek cannot be taken, nor a connection close, meanwhile. Whatever a game start needs stays where it is
 * until the start succeeded, so a start that fails changes nothing. Every command gets exactly one `Reply`; a
 * refused command changes nothing.
 *
 * Dice (G10): a seek, challenge or private table gets its **server seed here, when it is created**, so its
 * commitment can be shown before anyone sits down; the seed is handed to `GameFactory.startGame` as `serverSeed`.
 * Quick pairing and rematches show no commitment beforehand, so the factory makes their seeds.
 *
 * Presence: the lobby knows a connection once `connected(link)` is called (or the link sends a lobby command)
 * and forgets it on `disconnected(link)`. Seeks, pool places, private tables and challenges sent belong to the
 * connection that made them and vanish with it; a rematch offer is its user's (rematch.ts).
 */

export const LOBBY_TYPES = [
  'lobby.subscribe',
  'lobby.unsubscribe',
  'seek.create',
  'seek.cancel',
  'seek.accept',
  'quickPair.join',
  'quickPair.leave',
  'quickPair.commit',
  'challenge.send',
  'challenge.accept',
  'challenge.decline',
  'challenge.cancel',
  'table.create',
  'table.show',
  'table.join',
  'rematch.offer',
  'rematch.accept',
  'rematch.decline',
  'rematch.cancel',
] as const satisfies readonly ClientToServer['type'][];
type LobbyType = (typeof LOBBY_TYPES)[number];

export class LobbyModule implements CommandModule {
  readonly types: readonly ClientToServer['type'][] = LOBBY_TYPES;

  private readonly lobby: LobbyState;
  private readonly queue = new SerialQueue();
  private readonly newToken: () => string;

  constructor(factory: GameFactory, now: () => number, newId: (prefix: 's' | 'ch') => string, options: LobbyOptions = {}) {
    this.lobby = new LobbyState(factory, now, newId, options);
    this.newToken = options.newToken ?? defaultToken;
  }

  // ------------------------------------------------------------------ hooks for the socket layer and games

  /** A connection is open (after `hello`): its user counts as online and may be challenged. */
  async connected(link: ClientLink): Promise<void> {
    // His ratings are read before the queue is entered, and the queue waits for none: on PostgreSQL a read is a round
    // trip, and a thousand arrivals awaited in turn inside the queue held every seek and accept behind them for
    // seconds (in a cluster, past the 5 s a forwarded command waits). A command he sends meanwhile joins him itself.
    const read = this.lobby.userLinks.has(link.viewer.userId) ? undefined : this.lobby.options.ratings?.(link.viewer.userId);
    const ratings = read ? await read.catch(() => undefined) : undefined;
    return this.queue.run(() => this.join(link, ratings ? Promise.resolve(ratings) : undefined));
  }

  /** The connection closed: its seeks, pool place, tables and challenges go with it. */
  disconnected(link: ClientLink): Promise<void> {
    // A player leaving while his game is being made: his seeks go once it is settled (a failed start leaves them).
    return this.queue.runLetting(async (outside) => {
      for (let busy = this.lobby.startsAmong([`user:${link.viewer.userId}`]); busy; busy = this.lobby.startsAmong([`user:${link.viewer.userId}`]))
        await outside(() => busy!);
      this.drop(link);
    });
  }

  /**
   * The games module started a game that spectators may watch: pushed as `lobby.gameAdded`. Applied at once, not
   * queued: a lobby command's own game start calls this while that command holds the queue, and the game should be
   * listed before the command's ack goes out. It only adds to the games list, which no command reads across an await.
   */
  gameStarted(summary: GameSummary): void {
    const game = { ...summary, players: withRatings(this.lobby, summary.players, summary.settings.match.variant) };
    this.lobby.games.set(summary.gameId, game);
    this.lobby.broadcast({ type: 'lobby.gameAdded', game });
  }

  /** The game ended (or is no longer listed): pushed as `lobby.gameRemoved`. */
  gameEnded(gameId: string): Promise<void> {
    return this.queue.run(() => {
      if (this.lobby.games.delete(gameId)) this.lobby.broadcast({ type: 'lobby.gameRemoved', gameId });
    });
  }

  /** A guest became an account: his live games and his place in the online list show his new name. */
  renamed(userId: string, name: string, guest: boolean): Promise<void> {
    return this.queue.run(() => renamed(this.lobby, userId, name, guest));
  }

  /** A rated match moved these users' ratings: the lobby reads them again (its online list and seeks show them). */
  ratingsChanged(userIds: readonly string[]): Promise<void> {
    return this.queue.run(() => ratingsMoved(this.lobby, userIds));
  }

  /** Closes challenges and private tables past their time; also runs before every command. */
  expire(): Promise<void> {
    return this.queue.run(() => this.expireNow());
  }

  /** Runs `expire` every `everyMs` on a real timer (that does not keep the process alive); returns the stop. */
  startExpiryTimer(everyMs = 1000): () => void {
    const timer = setInterval(() => void this.expire(), everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** The creator withdraws his private table (the protocol has no command for it yet). */
  cancelTable(link: ClientLink, token: string): Promise<Reply> {
    return this.queue.run(() => tableCancel(this.lobby, link, token));
  }

  /** A read-only view of the lobby's state, for tests and diagnostics. */
  state(): {
    readonly online: readonly string[];
    readonly links: readonly string[];
    readonly subscribers: readonly string[];
    readonly seeks: readonly (Seek & { readonly linkId: string })[];
    readonly pools: readonly { readonly key: string; readonly users: readonly string[] }[];
    readonly challenges: readonly (Challenge & { readonly linkId: string; readonly expiresAt: number })[];
    readonly tables: readonly { readonly token: string; readonly owner: string; readonly linkId: string }[];
    readonly offers: readonly { readonly gameId: string; readonly userId: string; readonly expiresAt: number }[];
    readonly games: readonly GameSummary[];
  } {
    const l = this.lobby;
    return {
      online: [...l.userLinks.keys()],
      links: [...l.links.keys()],
      subscribers: [...l.subscribers],
      seeks: [...l.seeks.values()].map((s) => ({ ...s.seek, linkId: s.linkId })),
      pools: [...l.pools].map(([key, q]) => ({ key, users: q.map((e) => e.viewer.userId) })),
      challenges: [...l.challenges.values()].map((c) => ({ ...c.challenge, linkId: c.linkId, expiresAt: c.expiresAt })),
      tables: [...l.tables.values()].map((t) => ({ token: t.token, owner: t.owner.userId, linkId: t.linkId })),
      offers: [...l.offers].map(([gameId, o]) => ({ gameId, userId: o.userId, expiresAt: o.expiresAt })),
      games: [...l.games.values()],
    };
  }

  // ------------------------------------------------------------------ commands

  /** Runs the command in its turn; exactly one reply, an INTERNAL error if it threw. */
  handle(link: ClientLink, msg: ClientToServer): Promise<Reply> {
    // A game's start steps out of the queue while the games side makes it (lobby/state.ts `startBetween`); a command
    // that touches a start in flight waits for it first, so it finds the lobby as that start left it.
    return this.queue.runLetting(async (outside) => {
      try {
        for (;;) {
          const busy = this.lobby.startsAmong(touched(link, msg));
          if (!busy) break;
          await outside(() => busy);
        }
        if (this.lobby.closed.has(link)) return fail('UNAVAILABLE', 'the connection is closed');
        await this.join(link);
        this.expireNow();
        for (;;) {
          this.lobby.outside = outside;
          const r = await this.dispatch(link, msg);
          const again = this.lobby.retryAfter;
          if (!again) return r;
          this.lobby.retryAfter = null;
          await outside(() => again);
        }
      } catch (e) {
        return fail('INTERNAL', `the lobby failed: ${e instanceof Error ? e.message : String(e)}`.slice(0, LIMITS.textLength));
      } finally {
        // Only a command's own turn may step out: anything else that starts a game does it in place.
        this.lobby.outside = (f) => f();
        this.lobby.retryAfter = null;
      }
    });
  }

  private dispatch(link: ClientLink, msg: ClientToServer): Promise<Reply> | Reply {
    const l = this.lobby;
    switch (msg.type as LobbyType) {
      case 'lobby.subscribe':
        return this.subscribe(link);
      case 'lobby.unsubscribe':
        l.subscribers.delete(link.id);
        l.options.room?.left(link);
        return done();
      case 'seek.create':
        return seekCreate(l, link, msg as ClientMessage<'seek.create'>);
      case 'seek.cancel':
        return seekCancel(l, link, msg as ClientMessage<'seek.cancel'>);
      case 'seek.accept':
        return seekAccept(l, link, msg as ClientMessage<'seek.accept'>);
      case 'quickPair.join':
        return quickPairJoin(l, link, msg as ClientMessage<'quickPair.join'>);
      case 'quickPair.leave':
        return quickPairLeave(l, link);
      case 'quickPair.commit':
        return quickPairCommit(l, link, msg as ClientMessage<'quickPair.commit'>);
      case 'challenge.send':
        return challengeSend(l, link, msg as ClientMessage<'challenge.send'>);
      case 'challenge.accept':
        return challengeAccept(l, link, msg as ClientMessage<'challenge.accept'>);
      case 'challenge.decline':
        return challengeAnswer(l, link, (msg as ClientMessage<'challenge.decline'>).challengeId, 'declined');
      case 'challenge.cancel':
        return challengeAnswer(l, link, (msg as ClientMessage<'challenge.cancel'>).challengeId, 'cancelled');
      case 'table.create':
        return tableCreate(l, link, msg as ClientMessage<'table.create'>, this.newToken);
      case 'table.show':
        return tableShow(l, (msg as ClientMessage<'table.show'>).token);
      case 'table.join':
        return tableJoin(l, link, msg as ClientMessage<'table.join'>);
      case 'rematch.offer':
        return rematchOffer(l, link, msg as ClientMessage<'rematch.offer'>);
      case 'rematch.accept':
        return rematchAccept(l, link, msg as ClientMessage<'rematch.accept'>);
      case 'rematch.decline':
        return rematchDecline(l, link, msg as ClientMessage<'rematch.decline'>);
      case 'rematch.cancel':
        return rematchCancel(l, link, (msg as ClientMessage<'rematch.cancel'>).gameId);
      default:
        return fail('UNKNOWN_TYPE', `the lobby does not handle '${msg.type}'`);
    }
  }

  /** The lobby chat's recent lines first (the room's own push); from the snapshot on, the lobby's pushes. */
  private async subscribe(link: ClientLink): Promise<Reply> {
    const l = this.lobby;
    await l.options.room?.joined(link);
    l.subscribers.add(link.id);
    l.send(link, {
      type: 'lobby.snapshot',
      seeks: [...l.seeks.values()].slice(0, LIMITS.listLength).map((s) => s.seek),
      games: [...l.games.values()].slice(0, LIMITS.listLength),
      online: l.userLinks.size,
      players: [...l.listed.values()],
    });
    return done();
  }

  // ------------------------------------------------------------------ state changes run in the queue

  private async join(link: ClientLink, read?: Promise<readonly VariantRating[]>): Promise<void> {
    if (this.lobby.join(link)) await cameOnline(this.lobby, link.viewer, read);
  }

  private drop(link: ClientLink): void {
    const l = this.lobby;
    l.closed.add(link);
    const known = l.links.get(link.id);
    if (!known) return;
    const userId = known.viewer.userId;
    l.links.delete(link.id);
    l.subscribers.delete(link.id);
    const set = l.userLinks.get(userId);
    set?.delete(link.id);
    const gone = !set || set.size === 0;
    if (gone) {
      l.userLinks.delete(userId);
      wentOffline(l, userId);
    }

    for (const [id, s] of [...l.seeks]) if (s.linkId === link.id) l.removeSeek(id);
    const place = l.pooled.get(userId);
    if (place && place.linkId === link.id) l.leavePool(userId);
    for (const [token, t] of [...l.tables]) if (t.linkId === link.id) l.tables.delete(token);
    for (const [id, c] of [...l.challenges]) {
      if (c.linkId === link.id || (gone && c.challenge.to.userId === userId)) closeChallenge(l, id, 'cancelled');
    }
  }

  /** What is due goes, except what a start in flight takes: it is accepted, or expires after a failed start. */
  private expireNow(): void {
    const l = this.lobby;
    const t = l.now();
    for (const [id, c] of [...l.challenges]) if (c.expiresAt <= t && !l.starting.has(`challenge:${id}`)) closeChallenge(l, id, 'expired');
    for (const [token, tb] of [...l.tables]) if (tb.expiresAt <= t && !l.starting.has(`table:${token}`)) l.tables.delete(token);
    rematchExpire(l, t);
  }
}

/** What a command touches that a start in flight may hold: its sender, and the seek, challenge, table or offer it names. */
function touched(link: ClientLink, msg: ClientToServer): string[] {
  const keys = [`user:${link.viewer.userId}`];
  if ('seekId' in msg) keys.push(`seek:${msg.seekId}`);
  if ('challengeId' in msg) keys.push(`challenge:${msg.challengeId}`);
  if ('token' in msg && msg.type.startsWith('table.')) keys.push(`table:${msg.token}`);
  if (msg.type.startsWith('rematch.') && 'gameId' in msg) keys.push(`rematch:${msg.gameId}`);
  return keys;
}
