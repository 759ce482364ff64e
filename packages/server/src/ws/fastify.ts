import type { Socket } from 'node:net';
import { errorReply, serializeServerMessage } from '@nardy/protocol';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type {} from '@fastify/websocket';
import type {} from '@fastify/cookie';
import type { ConnectionHub } from './hub.js';

/** Frames above this are cut by the WebSocket library (close 1009); up to it, oversized messages get `TOO_LARGE`. */
export const MAX_FRAME_BYTES = 1024 * 1024;

/** The session cookie the WebSocket upgrade is authenticated with (docs/protocol.md §1, §11). */
const SESSION_COOKIE = 'nardy_session';

/**
 * Writes text frames, holding the TCP socket corked until the current tick's work is done: a move's ack and the
 * events it caused (often three frames) leave in one write instead of one system call each.
 */
function corkedWriter(socket: WebSocket): (text: string) => void {
  const raw = (socket as unknown as { _socket?: Socket })._socket;
  let corked = false;
  return (text) => {
    if (socket.readyState !== socket.OPEN) return;
    if (raw && !corked) {
      corked = true;
      raw.cork();
      process.nextTick(() => {
        corked = false;
        raw.uncork();
      });
    }
    socket.send(text);
  };
}

/**
 * The WebSocket transport: `GET path` upgrades to a socket whose frames go to a hub `Connection`. Frames that
 * arrive while the viewer is being resolved are held and handled in order. Needs @fastify/websocket and
 * @fastify/cookie registered on `app`.
 */
export function registerWebSocket(app: FastifyInstance, hub: ConnectionHub, opts: { path?: string; cookie?: string } = {}): void {
  const cookie = opts.cookie ?? SESSION_COOKIE;
  app.get(opts.path ?? '/ws', { websocket: true }, (socket, req) => {
    const held: (string | Uint8Array)[] = [];
    let conn: ReturnType<ConnectionHub['connect']> | null = null;
    let gone = false;
    const frame = (data: unknown, isBinary: boolean): string | Uint8Array => {
      const buf = Array.isArray(data) ? Buffer.concat(data as Buffer[]) : data instanceof ArrayBuffer ? Buffer.from(data) : (data as Buffer);
      return isBinary ? new Uint8Array(buf) : buf.toString('utf8');
    };
    socket.on('message', (data: unknown, isBinary: boolean) => {
      const f = frame(data, isBinary);
      if (conn) conn.receive(f);
      else held.push(f);
    });
    socket.on('close', () => {
      gone = true;
      conn?.close();
    });
    socket.on('error', (err: Error) => req.log.warn({ err }, 'websocket error'));
    const token = req.cookies[cookie];
    const write = corkedWriter(socket);
    hub
      .accept(token, req.ip, write, {
        // 4001: the session ended (log-out, password change); the client reconnects as whoever its cookie now says.
        end: () => socket.close(4001, 'session ended'),
        // 1008 (policy violation): a flood of frames.
        abort: () => socket.close(1008, 'too many messages'),
      })
      .then((opened) => {
        if (!opened) {
          req.log.info({ ip: req.ip }, 'socket refused: too many open');
          write(serializeServerMessage(errorReply(null, 'LIMIT_REACHED', 'too many open connections from this address or session')));
          socket.close(1008, 'too many connections');
          return;
        }
        conn = opened;
        if (gone) return conn.close();
        req.log.debug({ conn: conn.link.id, user: conn.link.viewer.userId }, 'socket open');
        for (const f of held.splice(0)) conn.receive(f);
      })
      .catch((err: unknown) => {
        req.log.error({ err }, 'cannot resolve the viewer of a socket');
        socket.close(1011, 'server error');
      });
  });
}
