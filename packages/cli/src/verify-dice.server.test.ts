/**
 * `nardy verify-dice` against the real server: the built binary (`node packages/server/dist/main.js`) on a
 * temporary SQLite file, a guest who plays a few turns against the bot and resigns the match, then the CLI fetches
 * the finished game's record over HTTP and recomputes its throws. The CLI's source never imports the server;
 * this test only spawns it. Skipped when the server is not built (`npm test` builds first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseServerMessage, type GameView, type ServerToClient } from '@nardy/protocol';
import { afterAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { runCli } from './test-io.js';

const MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'dist', 'main.js');
let child: ChildProcess | null = null;
let dir: string | null = null;

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function startServer(): Promise<string> {
  dir = mkdtempSync(join(tmpdir(), 'nardy-verify-dice-server-'));
  const c = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: join(dir, 'nardy.db'), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = c;
  let err = '';
  c.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise<string>((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error(`the server did not start: ${err}`)), 15_000);
    c.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      for (const line of out.split('\n')) {
        if (!line.includes('"listening"')) continue;
        clearTimeout(t);
        resolve((JSON.parse(line) as { url: string }).url);
      }
    });
    c.on('exit', (code) => reject(new Error(`the server exited (${code}): ${err}`)));
  });
}

/** A WebSocket client that keeps every message and waits for the one it needs. */
class Client {
  readonly received: ServerToClient[] = [];
  private waiters: Array<() => void> = [];
  private n = 0;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (d: Buffer) => {
      const r = parseServerMessage(d.toString());
      if (r.ok) this.received.push(r.value);
      for (const w of this.waiters.splice(0)) w();
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
  command(msg: Record<string, unknown>): Promise<ServerToClient> {
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
  /** Waits for this client's decision and sends the first legal choice. */
  async playOne(gameId: string): Promise<void> {
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
        return;
      }
      if (Date.now() > end) throw new Error(`never my turn: ${JSON.stringify(v?.phase)}`);
      await this.until((m): m is ServerToClient => m.type === 'game.event', this.received.length, 10_000);
    }
  }
}

it.skipIf(!existsSync(MAIN))('verifies a game played on the real server, fetched over HTTP', { timeout: 60_000 }, async () => {
  const url = await startServer();
  const guest = await fetch(`${url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(guest.status).toBe(201);
  const cookie = (guest.headers.get('set-cookie') ?? '').split(';')[0]!;
  const ws = new WebSocket(url.replace(/^http/, 'ws') + '/ws', { headers: { cookie } });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const a = new Client(ws);
  expect(await a.command({ type: 'hello', protocol: 1 })).toMatchObject({ type: 'ack' });
  const started = await a.command({ type: 'bot.play', level: 4, settings: { match: { variant: 'short', matchLength: 1 }, rated: false, stake: 0 } });
  expect(started).toMatchObject({ type: 'ack', result: { kind: 'game' } });
  const gameId = (started as { result: { gameId: string } }).result.gameId;
  expect(await a.command({ type: 'game.subscribe', gameId })).toMatchObject({ type: 'ack' });
  for (let i = 0; i < 6; i++) await a.playOne(gameId);

  // While the match goes on the seed is secret: nothing to verify yet.
  const live = await runCli(['verify-dice', gameId, '--server', url]);
  expect(live.code).toBe(2);
  expect(live.stderr).toMatch(/its server seed is revealed when the match ends/);

  // Resign the match (again on a stale version: the bot may have moved meanwhile).
  let resigned: ServerToClient | null = null;
  for (let i = 0; i < 20 && resigned?.type !== 'ack'; i++) {
    resigned = await a.command({ type: 'game.action', gameId, version: a.view(gameId)!.version, action: { type: 'resignMatch' } });
    if (resigned.type === 'error' && resigned.code !== 'STALE_VERSION') throw new Error(`refused: ${JSON.stringify(resigned)}`);
    if (resigned.type === 'error') await new Promise((res) => setTimeout(res, 50));
  }
  expect(resigned).toMatchObject({ type: 'ack' });
  let r = await runCli(['verify-dice', gameId, '--server', url]);
  for (let i = 0; i < 20 && r.code === 2; i++) {
    // The game is written as finished just after the ack.
    await new Promise((res) => setTimeout(res, 100));
    r = await runCli(['verify-dice', gameId, '--server', url]);
  }
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/^ok: \d+ throws verified$/m);
  expect(Number(/ok: (\d+) throws/.exec(r.stdout)![1])).toBeGreaterThanOrEqual(3);
  ws.close();
});
