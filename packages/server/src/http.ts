import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { serveAiFiles } from './ai-files/routes.js';
import type { GameManager } from './games/manager.js';
import { secureHttp, type HttpSecurity } from './http-security.js';
import type { Store } from './store/types.js';
import { MAX_FRAME_BYTES, registerWebSocket } from './ws/fastify.js';
import type { ConnectionHub } from './ws/hub.js';

/**
 * The HTTP side of one Fastify instance: the WebSocket (`/ws`), `/healthz`, the REST routes and the web app's build
 * (or a placeholder page without one), all on one port. `createApp` (app.ts) builds what it serves.
 */
export interface HttpParts {
  readonly hub: ConnectionHub;
  readonly games: GameManager;
  readonly store: Store;
  /** Fastify plugins with REST routes (accounts, records, chips). */
  readonly routes: readonly FastifyPluginAsync[];
  readonly sessionCookie: string;
  /** The web app's build folder, served at `/` when it holds an index.html. */
  readonly webDist: string;
  /** Security headers and the socket's origin check (docs/security.md). */
  readonly security: HttpSecurity;
  /** Several instances: this one's place in the cluster, for `/healthz`. */
  readonly cluster?: () => Record<string, unknown>;
}

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Nardy</title></head>
<body>
<h1>Nardy</h1>
<p>The game server is running. The web app comes with its own issue; until then, clients and bots speak the
WebSocket protocol at <code>/ws</code> (docs/protocol.md), and <code>npx nardy play</code> plays at one terminal.</p>
<p><a href="/healthz">/healthz</a></p>
</body></html>
`;

export async function serveHttp(app: FastifyInstance, parts: HttpParts): Promise<void> {
  const { hub, games, store } = parts;
  await app.register(fastifyCookie);
  await secureHttp(app, parts.security);
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  registerWebSocket(app, hub, { path: '/ws', cookie: parts.sessionCookie });

  app.get('/healthz', async (_req, reply) => {
    // A read that must answer NOT_FOUND: anything else means the database is not there.
    const probe = await store.getGame('healthz-probe');
    const dbOk = probe.ok || probe.error.code === 'NOT_FOUND';
    // In a cluster: this instance's name and whether it reaches Redis (down, it still serves the games it holds, so
    // it stays in the balancer's pool).
    const body = {
      ok: dbOk && !hub.isDraining,
      db: dbOk ? 'ok' : probe.error.code,
      draining: hub.isDraining,
      connections: hub.size,
      games: games.size,
      ...(parts.cluster ? { cluster: parts.cluster() } : {}),
    };
    return reply.code(body.ok ? 200 : 503).send(body);
  });

  for (const plugin of parts.routes) await app.register(plugin);
  serveAiFiles(app);

  const webRoot = resolve(parts.webDist);
  if (existsSync(join(webRoot, 'index.html'))) {
    // Files are looked up per request (a rebuilt app is served without a restart); Vite's hashed assets never
    // change under their name, so browsers keep them; index.html is always asked again.
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      cacheControl: false,
      setHeaders: (res, path) => res.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    // Client-side routes (e.g. /table/<token>) get the app's page.
    app.setNotFoundHandler((req, reply) =>
      req.method === 'GET' && !req.url.startsWith('/api/') ? reply.sendFile('index.html') : reply.code(404).send({ error: 'NOT_FOUND' }),
    );
  } else {
    app.get('/', (_req, reply) => reply.type('text/html; charset=utf-8').send(PLACEHOLDER));
  }
}
