import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/websocket';

/**
 * Security headers on every response (helmet) and the WebSocket's origin check (docs/security.md). The web app's
 * build has no inline script or style and loads nothing from other hosts, so the policy allows only the site
 * itself; the socket is on the same host (`/ws`).
 */
export interface HttpSecurity {
  /** The site's origin as browsers see it (`PUBLIC_ORIGIN`), or null: then a socket's page must be on the request's host. */
  readonly publicOrigin: string | null;
  /** Served over HTTPS (`COOKIE_SECURE`): HSTS is sent and the page's plain-http requests are upgraded. */
  readonly secure: boolean;
}

/** A year, as HSTS preload lists ask. */
const HSTS_MAX_AGE_S = 31_536_000;

/** The request's own host, as a CSP source may name it (anything odd in the Host header: nothing). */
const hostOf = (req: IncomingMessage): string | null => {
  const host = req.headers.host;
  return host !== undefined && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? host : null;
};

/**
 * Whether a WebSocket upgrade may go on. A browser always sends `Origin`: it must be the public origin (or, without
 * one, on the request's own host), so another site cannot open a socket with its visitors' cookies. Clients that
 * are not browsers (bots, the CLI) send none and carry no one else's cookie: they are let in.
 */
function originAllowed(origin: string | undefined, host: string | undefined, publicOrigin: string | null): boolean {
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  const from = new URL(origin);
  return publicOrigin !== null ? from.origin === publicOrigin : from.host === host;
}

export async function secureHttp(app: FastifyInstance, opts: HttpSecurity): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        // 'wasm-unsafe-eval' lets the analysis board's engine worker compile the site's own WebAssembly kernel; no JS eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        // 'self' covers ws: and wss: on the page's host in current browsers; named as well for older ones.
        connectSrc: [
          "'self'",
          (req) => {
            const host = hostOf(req);
            return host ? `${opts.secure ? 'wss' : 'ws'}://${host}` : "'self'";
          },
        ],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: opts.secure ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: opts.secure ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false } : false,
  });

  // Behind a trusted proxy (TRUST_PROXY) a request that reached it over HTTPS gets HSTS even without COOKIE_SECURE.
  if (!opts.secure) {
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') void reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE_S}`);
    });
  }

  app.addHook('preValidation', async (request, reply) => {
    if (!request.ws || originAllowed(request.headers.origin, request.headers.host, opts.publicOrigin)) return;
    request.log.info({ origin: request.headers.origin }, 'socket refused: another origin');
    return reply.code(403).send({ error: { code: 'FORBIDDEN', message: 'a WebSocket from another site is refused' } });
  });
}
