#!/usr/bin/env node
import { createApp, DatabaseError } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/**
 * `node packages/server/dist/main.js` (what `npm start` runs): read the environment, build the server (`createApp`
 * opens and migrates the database and brings back every active game from its log), listen on one port, and shut
 * down gracefully on SIGINT/SIGTERM (in-flight commands are answered and their writes finish before the store
 * closes).
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

  let app;
  try {
    app = await createApp(config);
  } catch (e) {
    if (e instanceof DatabaseError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  const { http } = app;

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    http.log.info({ signal }, 'shutting down');
    const hard = setTimeout(() => {
      http.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    hard.unref();
    app
      .close()
      .then(() => {
        http.log.info('stopped');
        process.exit(0);
      })
      .catch((err: unknown) => {
        http.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  await http.listen({ port: config.port, host: config.host });
  const addr = http.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  http.log.info({ url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`, ws: '/ws' }, 'listening');
}

main().catch((err: unknown) => {
  process.stderr.write(`nardy server failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
