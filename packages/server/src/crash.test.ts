/**
 * The crash test (DESIGN §7, "nothing is lost"): the built server (`node packages/server/dist/main.js`, as
 * `npm start` runs it) on a temporary SQLite file — and, when NARDY_TEST_PG_URL is set, on a fresh PostgreSQL
 * database (dropped afterwards); a client signs in as a guest, starts a game against the bot (the real worker
 * pool) and plays; the server is killed with SIGKILL in the middle of the game and started again on the same
 * database. The client resubscribes: every acked move is there and the game goes on.
 * Needs the build (`npm test` builds first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseServerMessage, type GameView, type ServerToClient } from '@nardy/protocol';
import { afterAll, expect, it } from 'vitest';
import { PG_URL, pgDatabase } from './store/pg.suite.js';
import WebSocket from 'ws';

const here = dirname(fileURLToPath(import.meta.url));
const MAIN = join(here, '..', 'dist', 'main.js');
const SEED = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00';
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const c of cleanups) await c();
});

/** A fresh, empty database of the kind, as a DATABASE_URL; removed after the tests. */
async function freshDatabase(kind: 'SQLite' | 'PostgreSQL'): Promise<string> {
  if (kind === 'PostgreSQL') {
    const d = await pgDatabase(PG_URL!);
    cleanups.push(d.drop);
    return d.url;
  }
  const dir = mkdtempSync(join(tmpdir(), 'nardy-crash-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'nardy.db');
}

async function startServer(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, NARDY_DICE_SEED: SEED, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
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

class Client {
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
  }
  static open(url: string, cookie: string): Promise<Client> {
    const ws = new WebSocket(url.replace(/^http/, 'ws') + '/ws', { headers: { cookie } });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new Client(ws)));
      ws.once('error', reject);
    });
  }
  async until<T extends ServerToClient>(pred: (m: ServerToClient) => m is T, from = 0, ms = 10_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const hit = this.received.slice(from).find(pred);
      if (hit) return hit;
      if (Date.now() > end) throw new Error('timed out');
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 200);
      });
    }
  }
  async command(msg: Record<string, unknown>): Promise<ServerToClient> {
    const id = `c${++this.n}`;
    this.ws.send(JSON.stringify({ ...msg, id }));
    return this.until((m): m is ServerToClient => (m.type === 'ack' || m.type === 'error') && m.id === id);
  }
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
      const from = this.received.length;
      await this.until((m): m is ServerToClient => m.type === 'game.event', from, 10_000);
    }
  }
}

const KINDS = PG_URL !== undefined ? (['SQLite', 'PostgreSQL'] as const) : (['SQLite'] as const);

it.skipIf(!existsSync(MAIN)).each(KINDS)('SIGKILL mid-game, restart on the same %s database: every acked move is there, the game goes on', { timeout: 60_000 }, async (kind) => {
  const db = await freshDatabase(kind);
  const first = await startServer(db);
  const health = await fetch(`${first.url}/healthz`);
  expect(health.status).toBe(200);
  const guest = await fetch(`${first.url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(guest.status).toBe(201);
  const cookie = (guest.headers.get('set-cookie') ?? '').split(';')[0]!;
  expect(cookie).toMatch(/^nardy_session=/);

  const a = await Client.open(first.url, cookie);
  expect(await a.command({ type: 'hello', protocol: 1 })).toMatchObject({ type: 'ack' });
  const started = await a.command({ type: 'bot.play', level: 4, settings: { match: { variant: 'long', matchLength: 3 }, rated: false, stake: 0 } });
  expect(started).toMatchObject({ type: 'ack', result: { kind: 'game', seat: 'p1' } });
  const gameId = (started as { result: { gameId: string } }).result.gameId;
  expect(await a.command({ type: 'game.subscribe', gameId })).toMatchObject({ type: 'ack' });
  let acked = 0;
  for (let i = 0; i < 8; i++) acked = Math.max(acked, (await a.playOne(gameId)) + 1);
  first.child.kill('SIGKILL');
  await new Promise((r) => first.child.once('exit', r));

  const second = await startServer(db);
  const b = await Client.open(second.url, cookie);
  expect(await b.command({ type: 'hello', protocol: 1 })).toMatchObject({ type: 'ack', result: { user: { guest: true } } });
  const sub = await b.command({ type: 'game.subscribe', gameId, since: 3 });
  expect(sub).toMatchObject({ type: 'ack', result: { seat: 'p1', catchUp: 'snapshot' } });
  await b.until((m): m is ServerToClient => m.type === 'game.snapshot');
  const v = b.view(gameId)!;
  expect(v.version).toBeGreaterThanOrEqual(acked);
  expect(v.phase).not.toBe('matchOver');
  // The game goes on from there.
  for (let i = 0; i < 3; i++) await b.playOne(gameId);
  expect(b.view(gameId)!.version).toBeGreaterThan(v.version);
  b.ws.close();
  a.ws.close();
  // A graceful stop this time.
  second.child.kill('SIGTERM');
  const code = await new Promise((r) => second.child.once('exit', r));
  expect(code).toBe(0);
});
