/**
 * Test support for suites that run the built server as `npm start` does (`node packages/server/dist/main.js`)
 * and talk to it over a real socket: the crash test here, `nardy verify-dice` against the server in the CLI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseServerMessage, type GameView, type ServerToClient } from '@nardy/protocol';
import WebSocket from 'ws';

/** The built entry point; suites skip themselves when it is missing (`npm test` builds first). */
export const SERVER_MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'main.js');

const started: ChildProcess[] = [];

/** SIGKILLs every server these helpers started and that is still running (call from `afterAll`). */
export function killServers(): void {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

/** Starts the built server on a free loopback port; resolves with its URL once it logs "listening". */
export async function startBuiltServer(databaseUrl: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error(`the server did not start: ${err}`)), 15_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      for (const line of out.split('\n')) {
        if (!line.includes('"listening"')) continue;
        clearTimeout(t);
        resolve((JSON.parse(line) as { url: string }).url);
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}): ${err}`)));
  });
  return { child, url };
}

/** A guest session's cookie (`name=value`) from `POST /api/guest`. */
export async function guestCookie(url: string): Promise<string> {
  const guest = await fetch(`${url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  if (guest.status !== 201) throw new Error(`POST /api/guest answered ${guest.status}`);
  return (guest.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/**
 * A WebSocket client that keeps every message (each must parse) and waits for the one it needs. Once the socket
 * closes (the server died), every wait fails at once with "socket closed".
 */
export class WireClient {
  readonly received: ServerToClient[] = [];
  private waiters: Array<() => void> = [];
  private n = 0;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d: Buffer) => {
      const r = parseServerMessage(d.toString());
      if (!r.ok) throw new Error(`invalid server message: ${r.error.message}`);
      this.received.push(r.value);
      for (const w of this.waiters.splice(0)) w();
    });
    // A reset connection reports an error, then closes: the close is what the waits see.
    ws.on('error', () => {});
    ws.on('close', () => {
      for (const w of this.waiters.splice(0)) w();
    });
  }

  /** The socket closed (or is closing): nothing more will come. */
  get closed(): boolean {
    return this.ws.readyState === WebSocket.CLOSED || this.ws.readyState === WebSocket.CLOSING;
  }

  static open(url: string, cookie: string): Promise<WireClient> {
    const ws = new WebSocket(url.replace(/^http/, 'ws') + '/ws', { headers: { cookie } });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new WireClient(ws)));
      ws.once('error', reject);
    });
  }

  async until<T extends ServerToClient>(pred: (m: ServerToClient) => m is T, from = 0, ms = 10_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const hit = this.received.slice(from).find(pred);
      if (hit) return hit;
      if (this.closed) throw new Error('socket closed');
      if (Date.now() > end) throw new Error('timed out');
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 200);
      });
    }
  }

  command(msg: Record<string, unknown>): Promise<ServerToClient> {
    const id = `c${++this.n}`;
    this.ws.send(JSON.stringify({ ...msg, id }));
    return this.until((m): m is ServerToClient => (m.type === 'ack' || m.type === 'error') && m.id === id);
  }

  /** The latest view of a game this client follows. */
  view(gameId: string): GameView | null {
    for (let i = this.received.length - 1; i >= 0; i--) {
      const m = this.received[i]!;
      if ((m.type === 'game.event' || m.type === 'game.snapshot') && m.gameId === gameId) return m.view;
    }
    return null;
  }

  /** Waits until it is this client's decision, then sends the first legal choice; returns the version it acted on. */
  async playOne(gameId: string): Promise<number> {
    const end = Date.now() + 10_000;
    for (;;) {
      const v = this.view(gameId);
      if (v && v.toAct === v.you && v.legal && v.phase !== 'matchOver') {
        const l = v.legal;
        const action = l.actions.includes('move')
          ? { type: 'move', steps: (l.turns[0] ?? []).map((s) => ({ from: s.from, to: s.to })) }
          : { type: l.actions.includes('roll') ? 'roll' : l.actions.includes('take') ? 'take' : 'declineResign' };
        const r = await this.command({ type: 'game.action', gameId, version: v.version, action });
        if (r.type === 'error' && r.code === 'STALE_VERSION') continue;
        if (r.type !== 'ack') throw new Error(`refused: ${JSON.stringify(r)}`);
        return v.version;
      }
      if (Date.now() > end) throw new Error(`never my turn: ${JSON.stringify(v?.phase)}`);
      await this.until((m): m is ServerToClient => m.type === 'game.event', this.received.length, 10_000);
    }
  }

  close(): void {
    this.ws.close();
  }
}
