#!/usr/bin/env node
import { availableParallelism } from 'node:os';
import { BotPool } from '@nardy/ai';
import { buildServer, closeServer } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { GameManager } from './games/manager.js';
import { poolBots } from './games/bots.js';
import { openStore } from './store/kysely-store.js';
import type { CommandModule } from './contracts.js';

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
  const games = new GameManager({ store, bots: poolBots(pool), diceSeed: config.diceSeed });

  // The other modules (accounts, chat, lobby, records) join here as they are built.
  const modules: CommandModule[] = [];
  const app = await buildServer(config, { store, games, modules, routes: [] });
  games.useLog(app.log.child({ module: 'games' }));

  app.log.info({ db: store.database.description, redis: config.redisUrl ? 'configured (not used yet)' : 'none' }, 'database ready');
  if (config.diceSeed) app.log.warn('NARDY_DICE_SEED is set: every table throws the same dice (tests only)');
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
