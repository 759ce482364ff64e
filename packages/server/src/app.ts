import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { ClientLink, CommandModule, SessionResolver, Viewer } from './contracts.js';
import type { GameManager } from './games/manager.js';
import type { Store } from './store/types.js';
import { Router, type RateLimit } from './ws/connection.js';
import { MAX_FRAME_BYTES, SESSION_COOKIE, registerWebSocket } from './ws/fastify.js';
import { ConnectionHub, viewerSource } from './ws/hub.js';

/**
 * The HTTP side: one Fastify instance serving REST routes, the web app's build and the WebSocket (`/ws`) on one
 * port. Everything is passed in, so `main.ts` composes whatever modules exist and tests build a server on any
 * store:
 *
 * - `modules`: command modules besides the games' (chat, lobby …), routed by the socket layer;
 * - `routes`: Fastify plugins with REST routes (accounts, records …);
 * - `resolver`: the session cookie → viewer (accounts); without one every socket is a fresh guest.
 */
export interface ServerDeps {
  readonly store: Store;
  readonly games: GameManager;
  readonly modules?: readonly CommandModule[];
  readonly routes?: readonly FastifyPluginAsync[];
  readonly resolver?: SessionResolver | null;
  /** The session cookie's name (default `nardy_session`). */
  readonly sessionCookie?: string;
  readonly rateLimit?: RateLimit;
  /** Called when a socket's `hello` succeeded (chat and lobby track who is online). */
  readonly onHello?: readonly ((link: ClientLink) => void)[];
  /** Fastify's logger option; default pino at the configured level. */
  readonly logger?: FastifyServerOptions['logger'];
}

export interface Nardy {
  readonly hub: ConnectionHub;
  readonly games: GameManager;
  readonly store: Store;
}

declare module 'fastify' {
  interface FastifyInstance {
    nardy: Nardy;
  }
}

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Nardy</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40em; margin: 4em auto; line-height: 1.5">
<h1>Nardy</h1>
<p>The game server is running. The web app comes with its own issue; until then, clients and bots speak the
WebSocket protocol at <code>/ws</code> (docs/protocol.md), and <code>npx nardy play</code> plays at one terminal.</p>
<p><a href="/healthz">/healthz</a></p>
</body></html>
`;

export async function buildServer(config: Config, deps: ServerDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: 64 * 1024,
  });
  const log = app.log;
  const router = new Router([deps.games, ...(deps.modules ?? [])]);
  const hub = new ConnectionHub({
    router,
    viewerFor: viewerSource(deps.store, deps.resolver ?? null),
    blockedOf: async (v: Viewer) => {
      const r = await deps.store.listBlocks(v.userId);
      return r.ok ? r.value.slice(0, 1000) : [];
    },
    ...(deps.rateLimit ? { rateLimit: deps.rateLimit } : {}),
    ...(deps.onHello ? { onHello: deps.onHello } : {}),
    onFault: (what, err) => log.error({ err }, what),
  });
  app.decorate('nardy', { hub, games: deps.games, store: deps.store });

  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  registerWebSocket(app, hub, { path: '/ws', cookie: deps.sessionCookie ?? SESSION_COOKIE });

  app.get('/healthz', async (_req, reply) => {
    // A read that must answer NOT_FOUND: anything else means the database is not there.
    const probe = await deps.store.getGame('healthz-probe');
    const dbOk = probe.ok || probe.error.code === 'NOT_FOUND';
    const body = { ok: dbOk && !hub.isDraining, db: dbOk ? 'ok' : probe.error.code, draining: hub.isDraining, connections: hub.size, games: deps.games.size };
    return reply.code(body.ok ? 200 : 503).send(body);
  });

  for (const plugin of deps.routes ?? []) await app.register(plugin);

  const webRoot = resolve(config.webDist);
  if (existsSync(join(webRoot, 'index.html'))) {
    // Files are looked up per request (a rebuilt app is served without a restart); Vite's hashed assets never
    // change under their name, so browsers keep them; index.html is always asked again.
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      cacheControl: false,
      setHeaders: (res, path) =>
        res.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    // Client-side routes (e.g. /table/<token>) get the app's page.
    app.setNotFoundHandler((req, reply) =>
      req.method === 'GET' && !req.url.startsWith('/api/') ? reply.sendFile('index.html') : reply.code(404).send({ error: 'NOT_FOUND' }),
    );
  } else {
    app.get('/', (_req, reply) => reply.type('text/html; charset=utf-8').send(PLACEHOLDER));
  }
  return app;
}

/**
 * Graceful shutdown: refuse new commands and wait for those running (their writes finish), let every game's
 * queue settle, close the sockets and the listener, then the store.
 */
export async function closeServer(app: FastifyInstance): Promise<void> {
  const { hub, games, store } = app.nardy;
  await hub.drain();
  await games.shutdown();
  await app.close();
  await store.close();
}
