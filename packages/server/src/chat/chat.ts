import { ChatTextSchema, LIMITS, type ChatRoom, type ClientToServer, type ServerToClient, type UserRef } from '@nardy/protocol';
import { memoryBuckets, type BucketFactory, type Buckets, type TokenBucketOptions } from '../accounts/rate-limit.js';
import type { UserPush } from '../cluster/types.js';
import type { ClientLink, CommandModule, Reply, ReplyError } from '../contracts.js';
import type { ChatMessage, Store, StoreError, UserRecord } from '../store/index.js';

/**
 * Chat: lobby, table and spectator rooms, private messages, blocking (docs/protocol.md §9).
 *
 * - `lobby`: anyone writes and reads.
 * - `table:<game>`: the two players write; players and spectators read.
 * - `spectators:<game>`: spectators write and read; players never see it.
 * - `tournament:<id>`: those following the tournament (the tournaments module joins them on `tournament.subscribe`)
 *   write and read, guests too, as in the lobby.
 * - private messages go to every connection of the recipient (and the sender's other ones); BLOCKED when the
 *   recipient blocked the sender.
 *
 * A line is stored as plain text (clients escape it) through `Store.addChatMessage`, then pushed to the links
 * that joined the room, except those whose user blocked the sender. Who is a player or spectator of a game is
 * asked of the injected `RoomMembership` (the games side); the socket layer and games call `connect`, `join`,
 * `leave` and `disconnected`.
 */

/** Who a user is at a game's table, as the games side knows it. */
export interface RoomMembership {
  roleIn(gameId: string, userId: string): 'player' | 'spectator' | null;
}

export interface ChatOptions {
  readonly store: Store;
  readonly membership: RoomMembership;
  readonly now?: () => number;
  /** Chat lines and private messages per user (default a burst of 5, then one per 2 s). */
  readonly rate?: Omit<TokenBucketOptions, 'now'>;
  /** Where the rate's buckets live: this process (default) or Redis, shared by the instances (`redisBuckets`). */
  readonly buckets?: BucketFactory;
  /** Lines sent on joining a room (default 50, at most 500). */
  readonly historyLimit?: number;
  /** How a user is shown (`from`/`to`); default: id, display name, guest flag. The app may add ratings. */
  readonly userRef?: (user: { readonly id: string; readonly displayName: string; readonly isGuest: boolean }) => UserRef;
  /** How a private message reaches every connection of a user; default: his links here (those `connect` was told of). */
  readonly push?: UserPush;
  /** A user's blocks changed here (several instances: the others forget their copy, `forgetBlocks`). */
  readonly blocksChanged?: (userId: string) => void;
}

const CHAT_TYPES = ['chat.send', 'pm.send', 'user.block', 'user.unblock'] as const satisfies readonly ClientToServer['type'][];

/** The store channel of a room: `lobby`, `table:<game>`, `spectators:<game>`, `tournament:<id>`. */
const roomChannel = (room: ChatRoom): string =>
  room.kind === 'lobby' ? 'lobby' : room.kind === 'tournament' ? `tournament:${room.tournamentId}` : `${room.kind}:${room.gameId}`;

/** The store channel of the private messages between two users (ids sorted). */
export const pmChannel = (a: string, b: string): string => `pm:${[a, b].sort().join(':')}`;

const roomOf = (channel: string): ChatRoom | null => {
  if (channel === 'lobby') return { kind: 'lobby' };
  const i = channel.indexOf(':');
  const kind = channel.slice(0, i);
  const id = channel.slice(i + 1);
  if (id === '') return null;
  if (kind === 'tournament') return { kind, tournamentId: id };
  return kind === 'table' || kind === 'spectators' ? { kind, gameId: id } : null;
};

const fail = (code: ReplyError['code'], message: string): Reply => ({ ok: false, error: { code, message } });
const done: Reply = { ok: true, value: undefined };
const storeFail = (e: StoreError): Reply =>
  e.code === 'DB_UNAVAILABLE' ? fail('UNAVAILABLE', 'the database is unavailable; try again') : fail('INTERNAL', 'a database error');

const defaultRef = (u: { readonly id: string; readonly displayName: string; readonly isGuest: boolean }): UserRef => ({
  userId: u.id,
  name: u.displayName,
  guest: u.isGuest,
});

export class ChatModule implements CommandModule {
  readonly types = CHAT_TYPES;
  readonly #store: Store;
  readonly #membership: RoomMembership;
  readonly #now: () => number;
  readonly #rate: Buckets;
  readonly #historyLimit: number;
  readonly #ref: NonNullable<ChatOptions['userRef']>;
  readonly #push: UserPush;
  /** Links per room channel. */
  readonly #rooms = new Map<string, Map<string, ClientLink>>();
  /** Channels per link id. */
  readonly #joined = new Map<string, Set<string>>();
  /** Links per user (for private messages). */
  readonly #userLinks = new Map<string, Map<string, ClientLink>>();
  /** Blocks of connected users (loaded on connect, kept up to date by block/unblock). */
  readonly #blocks = new Map<string, Promise<Set<string> | null>>();
  readonly #blocksChanged: ((userId: string) => void) | undefined;

  constructor(opts: ChatOptions) {
    this.#store = opts.store;
    this.#membership = opts.membership;
    this.#now = opts.now ?? Date.now;
    this.#rate = (opts.buckets ?? memoryBuckets)('chat', { capacity: 5, refillMs: 2000, ...opts.rate, now: this.#now });
    this.#historyLimit = Math.max(1, Math.min(500, opts.historyLimit ?? 50));
    this.#ref = opts.userRef ?? defaultRef;
    this.#push = opts.push ?? { toUser: (userId, msg) => this.#userLinks.get(userId)?.forEach((l) => l.send(msg)) };
    this.#blocksChanged = opts.blocksChanged;
  }

  // ------------------------------------------------------------ links and rooms (called by ws/ and games/)

  /** A link signed in (after `hello`): it now receives private messages. */
  connect(link: ClientLink): void {
    let mine = this.#userLinks.get(link.viewer.userId);
    if (!mine) this.#userLinks.set(link.viewer.userId, (mine = new Map()));
    mine.set(link.id, link);
  }

  /**
   * Puts a link in a room (after checking it may read there) and sends it the room's recent lines, oldest
   * first, without those of users it blocked. FORBIDDEN: a player joining the spectators' room, or someone who
   * is neither player nor spectator joining a table's rooms.
   */
  async join(link: ClientLink, room: ChatRoom): Promise<Reply> {
    const may = this.#mayRead(link.viewer.userId, room);
    if (!may.ok) return may;
    this.connect(link);
    const channel = roomChannel(room);
    let links = this.#rooms.get(channel);
    if (!links) this.#rooms.set(channel, (links = new Map()));
    links.set(link.id, link);
    let mine = this.#joined.get(link.id);
    if (!mine) this.#joined.set(link.id, (mine = new Set()));
    mine.add(channel);

    const history = await this.#store.listChatMessages(channel, this.#historyLimit);
    if (!history.ok) return storeFail(history.error);
    const blocked = await this.blocksOf(link.viewer.userId);
    const users = new Map<string, UserRef | null>();
    for (const m of history.value) {
      if (blocked.has(m.userId)) continue;
      const from = await this.#refOf(m.userId, users);
      if (from) link.send({ type: 'chat.message', room, from, text: m.text, at: m.createdAt });
    }
    return done;
  }

  /** Takes a link out of a room (a no-op when it is not in it). */
  leave(link: ClientLink, room: ChatRoom): void {
    const channel = roomChannel(room);
    const links = this.#rooms.get(channel);
    links?.delete(link.id);
    if (links?.size === 0) this.#rooms.delete(channel);
    this.#joined.get(link.id)?.delete(channel);
  }

  /** The link closed: out of every room, no more private messages. */
  disconnected(link: ClientLink): void {
    for (const channel of this.#joined.get(link.id) ?? []) {
      const room = roomOf(channel);
      if (room) this.leave(link, room);
    }
    this.#joined.delete(link.id);
    const mine = this.#userLinks.get(link.viewer.userId);
    mine?.delete(link.id);
    if (mine?.size === 0) {
      this.#userLinks.delete(link.viewer.userId);
      this.#blocks.delete(link.viewer.userId);
    }
  }

  /** The users `userId` blocked (cached while the user is connected). */
  async blocksOf(userId: string): Promise<ReadonlySet<string>> {
    const cached = this.#blocks.get(userId);
    if (cached) {
      const s = await cached;
      if (s) return s;
    }
    const load = this.#store.listBlocks(userId).then((r) => (r.ok ? new Set(r.value) : null));
    if (this.#userLinks.has(userId)) this.#blocks.set(userId, load);
    const s = await load;
    if (!s) this.#blocks.delete(userId);
    return s ?? new Set();
  }

  // ------------------------------------------------------------ commands

  async handle(link: ClientLink, msg: ClientToServer): Promise<Reply> {
    switch (msg.type) {
      case 'chat.send':
        return this.#send(link, msg.room, msg.text);
      case 'pm.send':
        return this.#pm(link, msg.to, msg.text);
      case 'user.block':
        return this.#block(link, msg.userId, true);
      case 'user.unblock':
        return this.#block(link, msg.userId, false);
      default:
        return fail('UNKNOWN_TYPE', `chat does not handle '${msg.type}'`);
    }
  }

  #mayRead(userId: string, room: ChatRoom): Reply {
    // A tournament's followers are let in by the tournaments module.
    if (room.kind === 'lobby' || room.kind === 'tournament') return done;
    const role = this.#membership.roleIn(room.gameId, userId);
    if (role === null) return fail('FORBIDDEN', `you are neither a player nor a spectator of game ${room.gameId}`);
    if (room.kind === 'spectators' && role === 'player') return fail('FORBIDDEN', "players do not see the spectators' chat");
    return done;
  }

  #mayWrite(link: ClientLink, room: ChatRoom): Reply {
    const userId = link.viewer.userId;
    if (room.kind === 'lobby') return done;
    if (room.kind === 'tournament') {
      return this.#joined.get(link.id)?.has(roomChannel(room)) ? done : fail('FORBIDDEN', `follow tournament ${room.tournamentId} to write in its chat`);
    }
    const role = this.#membership.roleIn(room.gameId, userId);
    if (room.kind === 'table' && role !== 'player') {
      return fail(
        'FORBIDDEN',
        role === 'spectator' ? 'only the players write in table chat; spectators have their own room' : `you are not a player of game ${room.gameId}`,
      );
    }
    if (room.kind === 'spectators' && role !== 'spectator') {
      return fail('FORBIDDEN', role === 'player' ? "players do not write in the spectators' chat" : `you are not a spectator of game ${room.gameId}`);
    }
    return done;
  }

  #checkText(text: unknown): Reply {
    const r = ChatTextSchema.safeParse(text);
    if (r.success) return done;
    if (typeof text === 'string' && text.length > LIMITS.chatLength) return fail('BAD_MESSAGE', `a chat line is at most ${LIMITS.chatLength} characters`);
    return fail('BAD_MESSAGE', `a chat line is 1–${LIMITS.chatLength} characters, not blank, without control characters`);
  }

  async #takeRate(userId: string): Promise<Reply> {
    const r = await this.#rate.take(userId);
    return r.ok ? done : fail('RATE_LIMITED', `too many messages; wait ${Math.ceil(r.retryAfterMs / 1000)} s`);
  }

  async #send(link: ClientLink, room: ChatRoom, text: string): Promise<Reply> {
    const me = link.viewer;
    const t = this.#checkText(text);
    if (!t.ok) return t;
    const may = this.#mayWrite(link, room);
    if (!may.ok) return may;
    const rate = await this.#takeRate(me.userId);
    if (!rate.ok) return rate;
    const saved = await this.#store.addChatMessage({ channel: roomChannel(room), userId: me.userId, text, createdAt: this.#now() });
    if (!saved.ok) return storeFail(saved.error);
    const from = this.#ref({ id: me.userId, displayName: me.displayName, isGuest: me.guest });
    await this.#deliver(roomChannel(room), room, saved.value, from);
    return done;
  }

  async #deliver(channel: string, room: ChatRoom, m: ChatMessage, from: UserRef): Promise<void> {
    const links = [...(this.#rooms.get(channel)?.values() ?? [])];
    const users = [...new Set(links.map((l) => l.viewer.userId))];
    const blocks = new Map(await Promise.all(users.map(async (u) => [u, await this.blocksOf(u)] as const)));
    const out: ServerToClient = { type: 'chat.message', room, from, text: m.text, at: m.createdAt };
    for (const l of links) {
      if (blocks.get(l.viewer.userId)?.has(m.userId)) continue;
      // A spectator who sat down since joining no longer reads the spectators' room.
      if (room.kind === 'spectators' && this.#membership.roleIn(room.gameId, l.viewer.userId) !== 'spectator') continue;
      l.send(out);
    }
  }

  async #pm(link: ClientLink, to: string, text: string): Promise<Reply> {
    const me = link.viewer;
    const t = this.#checkText(text);
    if (!t.ok) return t;
    if (to === me.userId) return fail('BAD_MESSAGE', 'you cannot send a private message to yourself');
    const target = await this.#store.findUserById(to);
    if (!target.ok) return target.error.code === 'NOT_FOUND' ? fail('NOT_FOUND', `no user ${to}`) : storeFail(target.error);
    if ((await this.blocksOf(to)).has(me.userId)) return fail('BLOCKED', 'this user has blocked you');
    if ((await this.blocksOf(me.userId)).has(to)) return fail('FORBIDDEN', 'you have blocked this user; unblock them to write');
    const rate = await this.#takeRate(me.userId);
    if (!rate.ok) return rate;
    const saved = await this.#store.addChatMessage({ channel: pmChannel(me.userId, to), userId: me.userId, text, createdAt: this.#now() });
    if (!saved.ok) return storeFail(saved.error);
    const out: ServerToClient = {
      type: 'pm.message',
      from: this.#ref({ id: me.userId, displayName: me.displayName, isGuest: me.guest }),
      to: this.#ref(target.value),
      text,
      at: saved.value.createdAt,
    };
    // The sender's connection is one of his (every link said hello, so `connect` knows it; in a cluster the push
    // reaches it on its own instance when this one is a stand-in).
    this.#push.toUser(to, out);
    this.#push.toUser(me.userId, out);
    return done;
  }

  async #block(link: ClientLink, userId: string, block: boolean): Promise<Reply> {
    const me = link.viewer.userId;
    if (userId === me) return fail('BAD_MESSAGE', 'you cannot block yourself');
    const target = await this.#store.findUserById(userId);
    if (!target.ok) return target.error.code === 'NOT_FOUND' ? fail('NOT_FOUND', `no user ${userId}`) : storeFail(target.error);
    const r = block ? await this.#store.addBlock(me, userId, this.#now()) : await this.#store.removeBlock(me, userId);
    if (!r.ok) return storeFail(r.error);
    const cached = this.#blocks.get(me);
    const set = cached ? await cached : null;
    if (set) {
      if (block) set.add(userId);
      else set.delete(userId);
    }
    this.#blocksChanged?.(me);
    return done;
  }

  /** Another instance changed the user's blocks: the copy kept here is read again when next needed. */
  forgetBlocks(userId: string): void {
    this.#blocks.delete(userId);
  }

  async #refOf(userId: string, cache: Map<string, UserRef | null>): Promise<UserRef | null> {
    if (cache.has(userId)) return cache.get(userId) ?? null;
    const u = await this.#store.findUserById(userId);
    const ref = u.ok ? this.#ref(u.value as UserRecord) : null;
    cache.set(userId, ref);
    return ref;
  }
}
