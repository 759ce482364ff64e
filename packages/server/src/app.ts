import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { BotPool, useNodeData } from '@nardy/ai/node';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import type { GameSummary } from '@nardy/protocol';
import { AnalysisModule, analysisRoutes, bullQueue, workerAnalyser, type Analyser } from './analysis/index.js';
import { ClusterNode } from './cluster/node.js';
import { PlacedGames, START_GAME } from './cluster/placement.js';
import type { Command } from './game/actor.js';
import type { RematchNote } from './game/events.js';
import { limitStores } from './limits.js';
import { Accounts, SESSION_COOKIE, accountsRoutes, sessionTokenFromCookieHeader, type ScryptParams } from './accounts/index.js';
import { ChatModule } from './chat/index.js';
import { ChipsLedger, chipsRoutes } from './chips/index.js';
import type { Config } from './config.js';
import { DiceCommitments } from './game/commitments.js';
import { realTime, type TimeSource } from './game/time.js';
import { poolBots, type BotFactory } from './games/bots.js';
import { GameManager } from './games/manager.js';
import { serveHttp } from './http.js';
import { LobbyModule } from './lobby/index.js';
import { blockLookups, lobbyLookups } from './lobby/store-lookups.js';
import { GameNotices } from './notices.js';
import { ratingsRoutes } from './ratings/routes.js';
import { importRoutes, matRoutes, recordsRoutes } from './records/index.js';
import { openStore } from './store/kysely-store.js';
import { KyselyCluster, openDatabase } from './store/index.js';
import type { OpenOptions } from './store/database.js';
import type { Store } from './store/types.js';
import { Router } from './ws/connection.js';
import { ConnectionHub, viewerSource } from './ws/hub.js';
import { createLimiters, type RateLimit } from './ws/limiters.js';
import { TournamentsModule, tournamentRoutes, FORMATS, runSchedule } from './tournaments/index.js';

/**
 * The composition root: the one place the server is wired, used by `main.ts` and by every test that runs a
 * server. Modules are built in dependency order (store → games → chat, chips → lobby → accounts → sockets → HTTP);
 * what the games tell the lobby and chat goes through `GameNotices`, which they join once built.
 *
 * What tests need to differ (a fixed clock, fast bots, cheap password hashes, a coin, a store they hold) enters
 * through `AppOptions`; everything else is the production wiring.
 */
export interface AppOptions {
  /**
   * An open store to use instead of opening `config.databaseUrl` (a test's fault-injecting store, or a restart on
   * the same database); `close()` leaves it open for its owner.
   */
  readonly store?: Store;
  /** How `config.databaseUrl` is opened (tests: a PostgreSQL schema of their own). */
  readonly database?: OpenOptions;
  /** The bots; default the AI's worker pool (closed by `close()`). */
  readonly bots?: BotFactory;
  /** Default the real clock; tests move a `FakeTime` by hand. */
  readonly time?: TimeSource;
  /** The lobby's coin for seats (below 0.5: the seek's, challenge's or table's owner is p1). */
  readonly coin?: () => number;
  /** scrypt cost for new password hashes (tests lower it). */
  readonly scrypt?: ScryptParams;
  /** Commands per connection (the default suits people; test clients answer at machine speed). */
  readonly rateLimit?: RateLimit;
  /** Fastify's logger option; default pino at the configured level. */
  readonly logger?: FastifyServerOptions['logger'];
  /** Runs analyses; default @nardy/ai's on a worker thread per job (`ANALYSIS_WORKERS` at once). */
  readonly analyser?: Analyser;
  /** Also told of the socket layer's faults (a module threw); they are logged either way. */
  readonly onFault?: (what: string, err: unknown) => void;
}

/** The running server's parts: the HTTP instance to listen with, and the modules tests and tools look into. */
export interface App {
  readonly http: FastifyInstance;
  readonly store: Store;
  readonly games: GameManager;
  readonly accounts: Accounts;
  readonly chips: ChipsLedger;
  readonly hub: ConnectionHub;
  readonly analysis: AnalysisModule;
  readonly tournaments: TournamentsModule;
  /** This instance as a member of a cluster (REDIS_URL set); null when it serves alone. */
  readonly cluster: ClusterNode | null;
  /** Active games brought back from their logs at start. */
  readonly restored: number;
  /**
   * Graceful shutdown: refuse new commands and wait for those running (their writes finish), let every game's
   * queue settle, close the sockets and the listener, then the store (when it opened it) and the bot pool.
   */
  close(): Promise<void>;
}

/** The database could not be opened or migrated. */
export class DatabaseError extends Error {
  constructor(code: string, detail: string) {
    super(`cannot open the database (${code}): ${detail}`);
    this.name = 'DatabaseError';
  }
}

export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const http = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: 64 * 1024,
    // TRUST_PROXY: request.ip and request.protocol from X-Forwarded-For/-Proto (per-IP limits, Secure cookie, HSTS).
    trustProxy: typeof config.trustProxy === 'boolean' ? config.trustProxy : [...config.trustProxy],
  });
  const log = http.log;

  let store: Store;
  let ownStore = false;
  if (options.store) store = options.store;
  else {
    const opened = await openStore(config.databaseUrl, options.database);
    if (!opened.ok) throw new DatabaseError(opened.error.code, opened.error.message);
    store = opened.value;
    ownStore = true;
    log.info({ db: opened.value.database.description, redis: config.redisUrl ? 'cluster' : 'none' }, 'database ready');
  }
  if (config.diceSeed) log.warn('NARDY_DICE_SEED is set: every table throws the same dice (tests only)');
  const time = options.time ?? realTime;
  const now = (): number => time.now();

  // Several instances (issue 43): the leases in PostgreSQL, the messages, queue and shared limits in Redis.
  // The leases get connections of their own: queued behind the games' writes under load, a heartbeat came later than
  // the lapse and the others took a live instance's games (measured with 1,500 games on three instances).
  const leasesDb = config.redisUrl ? await openDatabase(config.databaseUrl, { ...options.database, poolSize: 3 }) : null;
  if (leasesDb && !leasesDb.ok) throw new DatabaseError(leasesDb.error.code, leasesDb.error.message);
  let leasesClosed = false;
  const leases = leasesDb?.ok
    ? new KyselyCluster(
        () => leasesDb.value.db,
        () => leasesClosed,
      )
    : store.cluster;
  const node = config.redisUrl
    ? new ClusterNode({ redisUrl: config.redisUrl, ...config.cluster, store: leases, now: () => Date.now(), log: log.child({ module: 'cluster' }) })
    : null;
  const limitsRedis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : null;
  limitsRedis?.on('error', () => {}); // its outages are the insurance limiters' to cover; the bus logs Redis' state
  const limits = limitStores(limitsRedis ?? undefined, `${config.cluster.prefix}limits`);
  // Parts built later that earlier ones reach through closures (a socket closed by the games, a user's links).
  let hubRef: ConnectionHub | null = null;
  const closeLink = (linkId: string): void => hubRef?.closeLink(linkId);
  const userPush = node?.userPush((userId) => hubRef?.linksOf(userId) ?? []);

  // The AI reads its nets and bear-off tables from the package's files (the bots of this process and its pool's).
  useNodeData();
  const pool = options.bots ? null : new BotPool({ size: Math.max(1, Math.min(4, availableParallelism() - 1)) });
  const notices = new GameNotices();
  // G10: commitments asked for before a quick pairing, a bot game or a rematch (a fixed dice seed in tests, as seeks).
  const commitments = new DiceCommitments(config.diceSeed ? () => config.diceSeed as string : undefined);
  const games = new GameManager({
    store,
    bots: options.bots ?? poolBots(pool!),
    time,
    diceSeed: config.diceSeed,
    unloadAfterMs: config.unloadAfterMs,
    commitments,
    maxBotGamesPerUser: config.limits.botGamesPerUser,
    feed: notices,
    rooms: notices,
    ...(node ? { cluster: node.games(closeLink) } : {}),
    log: log.child({ module: 'games' }),
  });
  // Whom each user blocked, for the lobby's checks (chat keeps its own copy for rooms and messages).
  const blocks = blockLookups(store);
  const chat = new ChatModule({
    store,
    membership: games,
    now,
    buckets: limits.buckets,
    ...(userPush ? { push: userPush } : {}),
    // Each instance keeps the blocks of the users it serves: a change is cast so the others read them again.
    blocksChanged: (userId: string) => {
      blocks.forget(userId);
      node?.cast('user.blocks', userId);
    },
  });
  const chips = new ChipsLedger(store, config.chipsGrant, now);
  // In a cluster the lobby's games are placed over the live instances, and a rematch's events go to the old game's holder.
  const factory = node
    ? new PlacedGames(games, {
        instanceId: node.instanceId,
        instances: () => node.ownership.instances,
        up: () => node.bus.up,
        call: (to, m, a) => node.bus.call(to, m, a),
      })
    : games;
  const rematches = node
    ? {
        finishedMatch: (gameId: string) => games.finishedMatch(gameId),
        rematchEvent: (gameId: string, note: RematchNote) => void rematchAtHolder(node, games, gameId, note, log),
      }
    : games;
  const lobby = new LobbyModule(factory, now, (prefix) => `${prefix}_${randomBytes(9).toString('base64url')}`, {
    isBlocked: blocks.isBlocked,
    rematches,
    commitments,
    chips,
    ...lobbyLookups(store),
    room: { joined: (link) => chat.join(link, { kind: 'lobby' }), left: (link) => chat.leave(link, { kind: 'lobby' }) },
    maxSeeksPerUser: config.limits.seeksPerUser,
    maxSeeksPerAddress: config.limits.seeksPerIp,
    ...(options.coin ? { random: options.coin } : {}),
    // A fixed dice seed (tests): seeks then show the commitment of the seed the game really uses.
    ...(config.diceSeed ? { newServerSeed: () => config.diceSeed as string } : {}),
  });
  // Chat rooms follow game subscriptions; the lobby lists the games to watch (in a cluster, every instance's games:
  // the feed is cast to the others, so whichever instance holds the lobby, now or after a failover, knows them all).
  const feed = {
    started: (summary: GameSummary) => lobby.gameStarted(summary),
    ended: (gameId: string) => lobby.gameEnded(gameId),
    rated: (userIds: readonly string[]) => lobby.ratingsChanged(userIds),
  };
  if (node) {
    notices.follow({
      feed: {
        started: (summary) => node.cast('games.started', summary),
        ended: (gameId) => node.cast('games.ended', gameId),
        rated: (userIds) => node.cast('games.rated', userIds),
      },
    });
    node.onCast('games.started', (d) => feed.started(d as GameSummary));
    node.onCast('games.ended', (d) => {
      feed.ended(d as string);
      tournaments.ended(d as string);
    });
    node.onCast('games.rated', (d) => feed.rated(d as string[]));
  }
  notices.follow({
    feed,
    rooms: {
      joined: (link, gameId, seat) => {
        void chat.join(link, { kind: 'table', gameId });
        if (seat === null) void chat.join(link, { kind: 'spectators', gameId });
      },
      left: (link, gameId) => {
        chat.leave(link, { kind: 'table', gameId });
        chat.leave(link, { kind: 'spectators', gameId });
      },
    },
  });
  // Analysis jobs (issue 41): on threads of their own, at most `ANALYSIS_WORKERS` at once, so bots and live games go first.
  const analysis = new AnalysisModule({
    store,
    analyser: options.analyser ?? workerAnalyser,
    workers: config.analysis.workers,
    auto: config.analysis.auto,
    limits: { perUser: config.limits.analysesPerUser, queue: config.limits.analysisQueue, autoQueue: config.limits.analysisAutoQueue },
    time,
    log: log.child({ module: 'analysis' }),
    ...(config.redisUrl ? { queue: bullQueue({ connection: config.redisUrl, prefix: config.cluster.prefix.replace(/:+$/, '') }) } : {}),
  });
  notices.follow({ feed: { started: () => {}, ended: (gameId) => analysis.ended(gameId) } });
  // Tournaments (issue 42): each pairing is an ordinary live game; the director hears of its end from the feed.
  const tournaments = new TournamentsModule({
    store,
    // A tournament's games start on its director's instance; after a failover they may be held elsewhere.
    games: node
      ? {
          startGame: (req) => games.startGame(req),
          actorOf: (gameId) => games.actorOf(gameId),
          command: (gameId, cmd) => commandAtHolder(node, games, gameId, cmd),
        }
      : games,
    chips,
    time,
    formats: FORMATS,
    perUser: config.tournaments.perUser,
    noShowMs: config.tournaments.noShowMs,
    botFillMs: config.tournaments.botFillMs,
    botLevel: 4,
    chat,
    log: log.child({ module: 'tournaments' }),
    ...(userPush ? { push: userPush } : {}),
    ...(node ? { cluster: { claim: (key: string) => node.ownership.claim(key, false), release: (key: string) => node.ownership.release(key) } } : {}),
  });
  notices.follow({ feed: { started: () => {}, ended: (gameId) => tournaments.ended(gameId) } });
  const accounts = new Accounts({
    store,
    now,
    signupPerIp: { capacity: config.signupBurst, refillMs: 60_000 },
    secureCookies: config.cookieSecure,
    buckets: limits.buckets,
    lockout: limits.lockout,
    ...(options.scrypt ? { scrypt: options.scrypt } : {}),
  });

  const modules = [games, lobby, chat, commitments, analysis, tournaments];
  const onFault = (what: string, err: unknown): void => {
    log.error({ err }, what);
    options.onFault?.(what, err);
  };
  // In a cluster each command runs where its state lives (cluster/shards.ts); the lobby hears of a connection on its
  // holder, chat and tournaments here (a user's tournament matches are told again by whichever instance directs them).
  const clusterRouter = node?.route({
    modules,
    hello: [
      {
        key: 'lobby',
        onHello: (link) => {
          blocks.readAhead(link.viewer.userId);
          void lobby.connected(link);
        },
      },
      { key: null, onHello: (link) => chat.connect(link) },
      { key: null, onHello: (link) => tournaments.connected(link) },
      { key: null, onHello: (link) => node.cast('user.hello', link.viewer.userId) },
    ],
    carry: commitments,
    closeLink,
    onFault,
  });
  const hub = new ConnectionHub({
    router: clusterRouter?.router ?? new Router(modules),
    viewerFor: viewerSource(accounts),
    limiters: createLimiters(config.limits, options.rateLimit),
    blockedOf: async (v) => {
      const r = await store.listBlocks(v.userId);
      return r.ok ? r.value.slice(0, 1000) : [];
    },
    onHello: clusterRouter
      ? [(link) => clusterRouter.onHello(link)]
      : [
          (link) => chat.connect(link),
          (link) => {
            blocks.readAhead(link.viewer.userId);
            void lobby.connected(link);
          },
          (link) => tournaments.connected(link),
        ],
    onFault,
  });
  hubRef = hub;
  if (node) {
    node.onCast('user.hello', (d) => tournaments.userConnected(d as string));
    node.onCast('user.blocks', (d) => {
      chat.forgetBlocks(d as string);
      blocks.forget(d as string);
    });
    node.onCast('user.renamed', (d) => {
      const { userId, name, guest } = d as { userId: string; name: string; guest: boolean };
      renamedHere(userId, name, guest);
    });
    node.onCast('session.ended', (d) => hub.endSession(d as string));
    node.onCast('user.ended', (d) => {
      const { userId, keep } = d as { userId: string; keep?: string };
      hub.endUser(userId, keep);
    });
    node.bus.registerCall(START_GAME, (req) => games.startGame(req as Parameters<GameManager['startGame']>[0]));
    node.bus.registerCall(GAME_COMMAND, (args) => {
      const { gameId, cmd } = args as { gameId: string; cmd: Command };
      return games.command(gameId, cmd);
    });
    node.bus.registerCall(REMATCH_EVENT, async (args) => {
      const { gameId, note } = args as { gameId: string; note: RematchNote };
      games.rematchEvent(gameId, note);
    });
    node.host(games);
    node.host(tournaments);
    // The lobby's state is in memory: an instance that lost its lease while silent cannot hand it over, so it
    // stops (its supervisor starts it again, empty); its clients reconnect to the lobby's new holder.
    node.host({
      handles: (key) => key === 'lobby',
      adopt: async () => {},
      drop: () => {
        log.error({}, 'the lobby was taken over while this instance was silent: stopping');
        process.kill(process.pid, 'SIGTERM');
      },
    });
  }
  const renamedHere = (userId: string, name: string, guest: boolean): void => {
    games.renamed(userId, name, guest);
    void lobby.renamed(userId, name, guest);
    void tournaments.renamed(userId);
  };
  // Logging out or changing a password closes the user's sockets on every instance.
  const sessions = {
    endSession: (token: string) => {
      hub.endSession(token);
      node?.cast('session.ended', token);
    },
    endUser: (userId: string, keep?: string) => {
      hub.endUser(userId, keep);
      node?.cast('user.ended', { userId, ...(keep !== undefined ? { keep } : {}) });
    },
  };
  const viewerIdOf = async (cookie: string | undefined): Promise<string | null> => {
    const r = await accounts.resolve(sessionTokenFromCookieHeader(cookie));
    return r.ok && r.value ? r.value.id : null;
  };
  await serveHttp(http, {
    hub,
    games,
    store,
    routes: [
      accountsRoutes(accounts, sessions, {
        // A guest who signs up mid-game: his games' views and the lobby's live games and online list, everywhere.
        renamed: (userId, name, guest) => {
          renamedHere(userId, name, guest);
          node?.cast('user.renamed', { userId, name, guest });
        },
      }),
      recordsRoutes({ store, viewerOf: viewerIdOf, tournaments }),
      matRoutes({ store, viewerOf: viewerIdOf }),
      importRoutes({ store, viewerOf: viewerIdOf, now, buckets: limits.buckets }),
      chipsRoutes(accounts, chips),
      analysisRoutes({ store, analysis, viewerOf: viewerIdOf }),
      tournamentRoutes(tournaments),
      ratingsRoutes({ store, now }),
    ],
    sessionCookie: SESSION_COOKIE,
    ...(node ? { cluster: () => ({ instance: node.instanceId, redis: node.bus.up ? 'up' : 'down', instances: node.ownership.instances.length }) } : {}),
    webDist: config.webDist,
    security: { publicOrigin: config.publicOrigin, secure: config.cookieSecure },
  });

  const stopExpiry = lobby.startExpiryTimer();
  // Expired sessions are refused on read; this only keeps the table small.
  const sweep = setInterval(() => void accounts.sweepExpiredSessions(), 60 * 60_000);
  sweep.unref();
  const restored = await games.restoreActive();
  log.info({ restored }, 'active games restored');
  await analysis.start();
  await tournaments.start();
  // In a cluster the schedule runs on the holder of its lease only.
  const holdsSchedule = node ? async () => (await node.ownership.claim('schedule', false).catch(() => null))?.mine === true : undefined;
  const stopSchedule =
    config.tournaments.schedule === null
      ? () => {}
      : runSchedule(config.tournaments.schedule, tournaments, FORMATS, time, log.child({ module: 'schedule' }), holdsSchedule);
  await node?.start();

  return {
    http,
    store,
    games,
    accounts,
    chips,
    hub,
    analysis,
    tournaments,
    cluster: node,
    restored,
    async close() {
      stopExpiry();
      stopSchedule();
      clearInterval(sweep);
      await hub.drain();
      await tournaments.close();
      await games.shutdown();
      await analysis.close();
      // Every lease given back at once: the other instances take this one's games over without waiting.
      await node?.close();
      leasesClosed = true;
      if (leasesDb?.ok) await leasesDb.value.close();
      limitsRedis?.disconnect();
      await http.close();
      if (ownStore) await store.close();
      await pool?.close();
    },
  };
}

/** The call that publishes a rematch event in a game held by another instance. */
const REMATCH_EVENT = 'games.rematchEvent';

/** The call that runs a server-side command (a tournament's) in a game held by another instance. */
const GAME_COMMAND = 'games.command';

/** A command for a game, run where the game is held; null: no such game; false: refused, or its holder could not be reached (tried again later). */
async function commandAtHolder(node: ClusterNode, games: GameManager, gameId: string, cmd: Command): Promise<boolean | null> {
  try {
    const h = await node.ownership.ownerFor(`game:${gameId}`);
    if (!h) return null;
    return h.mine ? await games.command(gameId, cmd) : ((await node.bus.call(h.owner, GAME_COMMAND, { gameId, cmd })) as boolean | null);
  } catch {
    return false;
  }
}

/** A rematch offer, decline or start goes out as an event of the old game, on the instance that holds it. */
async function rematchAtHolder(
  node: ClusterNode,
  games: GameManager,
  gameId: string,
  note: RematchNote,
  log: { warn(obj: Record<string, unknown>, msg: string): void },
): Promise<void> {
  try {
    const h = await node.ownership.ownerFor(`game:${gameId}`);
    if (!h) return;
    if (h.mine) games.rematchEvent(gameId, note);
    else await node.bus.call(h.owner, REMATCH_EVENT, { gameId, note });
  } catch (e) {
    log.warn({ err: e, gameId }, 'a rematch event could not reach its game');
  }
}
