#!/usr/bin/env node
import { availableParallelism } from 'node:os';
import { BotPool } from '@nardy/ai';
import { buildServer, closeServer } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { GameManager } from './games/manager.js';
import { poolBots } from './games/bots.js';
import { openStore } from './store/kysely-store.js';
import { randomBytes } from 'node:crypto';
import { Accounts, SESSION_COOKIE, accountsRoutes } from './accounts/index.js';
import { ChatModule } from './chat/index.js';
import { ChipsLedger, chipsRoutes } from './chips/index.js';
import { LobbyModule } from './lobby/index.js';
import { recordsRoutes } from './records/index.js';

/**
 * `node packages/server/dist/main.js` (what `npm start` runs): read the environment, open and migrate the
 * database, bring back every active game from its log, listen on one port, and shut down gracefully on
 * SIGINT/SIGTERM (in-flight commands are answered and their writes finish before the store closes).
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }

  const opened = await openStore(config.databaseUrl);
  if (!opened.ok) {
    process.stderr.write(`cannot open the database (${opened.error.code}): ${opened.error.message}\n`);
    process.exit(1);
  }
  const store = opened.value;
  const pool = new BotPool({ size: Math.max(1, Math.min(4, availableParallelism() - 1)) });
  // Chat rooms follow game subscriptions; chat asks the games who plays and who watches.
  let chat: ChatModule | null = null;
  let lobby: LobbyModule | null = null;
  const games = new GameManager({
    store,
    bots: poolBots(pool),
    diceSeed: config.diceSeed,
    feed: {
      started: (summary) => lobby?.gameStarted(summary),
      ended: (gameId) => lobby?.gameEnded(gameId),
    },
    rooms: {
      joined: (link, gameId, seat) => {
        void chat?.join(link, { kind: 'table', gameId });
        if (seat === null) void chat?.join(link, { kind: 'spectators', gameId });
      },
      left: (link, gameId) => {
        chat?.leave(link, { kind: 'table', gameId });
        chat?.leave(link, { kind: 'spectators', gameId });
      },
    },
  });
  chat = new ChatModule({ store, membership: games });
  const accounts = new Accounts({ store, signupPerIp: { capacity: config.signupBurst, refillMs: 60_000 } });
  const chips = new ChipsLedger(store, config.chipsGrant, Date.now);
  const isBlocked = async (a: string, b: string): Promise<boolean> => {
    const r = await store.listBlocks(a);
    return r.ok && r.value.includes(b);
  };
  lobby = new LobbyModule(games, Date.now, (prefix) => `${prefix}_${randomBytes(9).toString('base64url')}`, {
    isBlocked,
    rematches: games,
    chips,
    room: { joined: (link) => chat?.join(link, { kind: 'lobby' }), left: (link) => chat?.leave(link, { kind: 'lobby' }) },
    // Tests fix the dice: seeks then show the commitment of the seed the game really uses.
    ...(config.diceSeed ? { newServerSeed: () => config.diceSeed as string } : {}),
  });
  lobby.startExpiryTimer();

  const app = await buildServer(config, {
    store,
    games,
    modules: [lobby, chat],
    routes: [accountsRoutes(accounts), recordsRoutes({ store }), chipsRoutes(accounts, chips)],
    resolver: accounts,
    sessionCookie: SESSION_COOKIE,
    onHello: [(link) => chat?.connect(link), (link) => lobby?.connected(link)],
  });
  games.useLog(app.log.child({ module: 'games' }));

  app.log.info({ db: store.database.description, redis: config.redisUrl ? 'configured (not used yet)' : 'none' }, 'database ready');
  if (config.diceSeed) app.log.warn('NARDY_DICE_SEED is set: every table throws the same dice (tests only)');
  // Expired sessions are refused on read; this only keeps the table small.
  const sweep = setInterval(() => void accounts.sweepExpiredSessions(), 60 * 60_000);
  sweep.unref();
  const restored = await games.restoreActive();
  app.log.info({ restored }, 'active games restored');

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const hard = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    hard.unref();
    closeServer(app)
      .then(() => pool.close())
      .then(() => {
        app.log.info('stopped');
        process.exit(0);
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  app.log.info({ url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`, ws: '/ws' }, 'listening');
}

main().catch((err: unknown) => {
  process.stderr.write(`nardy server failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
