import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apply, newMatch, type Action, type MatchSettingsInput } from '@nardy/engine';
import { firstChoice } from '@nardy/engine/testing';
import { commitment, throwAt, type ClientSeeds } from '@nardy/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './test-io.js';

const SEED = '5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed';
const SEEDS: ClientSeeds = { p1: 'client-a', p2: 'client-b' };

/** Plays a match with the engine, its dice thrown from the seeds as the server throws them (throw n, in log order). */
function playMatch(input: MatchSettingsInput): Action[] {
  const m = newMatch(input);
  if (!m.ok) throw new Error(m.error.message);
  let state = m.value;
  const log: Action[] = [];
  let n = 0;
  while (state.phase !== 'matchOver') {
    if (log.length > 5000) throw new Error('the match does not end');
    const a = firstChoice(state, (kind) => throwAt(SEED, SEEDS, ++n, kind))!;
    const r = apply(state, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
    state = r.value;
    log.push(a);
  }
  return log;
}

/** The JSON of `GET /api/games/:id` for a finished game (the fields the verifier reads, and a few it ignores). */
function record(log: readonly Action[], o: { serverSeed?: string | null; status?: string } = {}) {
  return {
    game: {
      id: 'g_test1',
      variant: 'short',
      status: o.status ?? 'finished',
      commitment: commitment(SEED),
      clientSeeds: { ...SEEDS },
      serverSeed: o.serverSeed === undefined ? SEED : o.serverSeed,
      version: log.length,
    },
    result: null,
    actions: log.map((action, i) => ({
      seq: i + 1,
      action,
      seat: action.type === 'opening' ? null : action.seat,
      at: 1_767_225_600_000 + i,
      timeUsedMs: null,
    })),
  };
}

const LOG = playMatch({ variant: 'short', matchLength: 1 });
const THROWS = LOG.filter((a) => a.type === 'opening' || a.type === 'roll').length;

let dir: string;
const file = (name: string, body: unknown): string => {
  const p = join(dir, name);
  writeFileSync(p, typeof body === 'string' ? body : JSON.stringify(body));
  return p;
};

/** A stand-in server: answers GET /api/games/<id> with `records[id]`, else 404 as the real one does. */
let server: Server;
let base: string;
const records: Record<string, unknown> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nardy-verify-dice-'));
  server = createServer((req, res) => {
    const m = /^\/api\/games\/([^/]+)$/.exec(req.url ?? '');
    const body = m ? records[decodeURIComponent(m[1]!)] : undefined;
    res.setHeader('content-type', 'application/json');
    if (body === undefined) {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: `no game ${m ? m[1] : req.url}` } }));
    } else res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const expectUsage = (r: { code: number; stdout: string; stderr: string }, message: RegExp) => {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(message);
  expect(r.stderr.split('\n')).toHaveLength(2); // one line and its newline
  expect(r.stderr).not.toMatch(/\bat .*\.(js|ts):\d+/);
};

describe('nardy verify-dice', () => {
  it('a saved record: every throw printed, then ok', async () => {
    expect(THROWS).toBeGreaterThan(5);
    const r = await runCli(['verify-dice', '--file', file('good.json', record(LOG))]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('game g_test1 (finished)');
    expect(lines.at(-1)).toBe(`ok: ${THROWS} throws verified`);
    const rows = lines.filter((l) => /^\s+\d+ {2}(opening|roll)/.test(l));
    expect(rows).toHaveLength(THROWS);
    const first = throwAt(SEED, SEEDS, 1, 'opening');
    expect(rows[0]).toMatch(new RegExp(`^\\s+1  opening  ${first[0]}-${first[1]}\\s+${first[0]}-${first[1]}\\s*$`));
    expect(r.stdout).not.toContain('MISMATCH');
  });

  it('reads the record from stdin with --file -', async () => {
    const r = await runCli(['verify-dice', '--file', '-'], JSON.stringify(record(LOG)));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`ok: ${THROWS} throws verified`);
  });

  it('a tampered roll: exit 1, the throw named', async () => {
    const log = LOG.map((a) => ({ ...a }));
    // The third throw: change its first die.
    let n = 0;
    const i = log.findIndex((a) => (a.type === 'opening' || a.type === 'roll') && ++n === 3);
    const a = log[i]!;
    if (a.type !== 'roll') throw new Error('throw 3 should be a roll');
    const right = a.dice;
    const wrong: [1 | 6, (typeof right)[1]] = [right[0] === 6 ? 1 : 6, right[1]];
    log[i] = { ...a, dice: wrong };
    const r = await runCli(['verify-dice', '--file', file('tampered.json', record(log))]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(new RegExp(`^\\s+3  roll     ${wrong.join('-')}\\s+${right.join('-')}\\s+MISMATCH$`, 'm'));
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(
      `mismatch: throw 3 (roll, action seq ${i + 1}) is logged as ${wrong.join('-')} but the seeds give ${right.join('-')}`,
    );
  });

  it('a seed that is not the commitment: exit 1', async () => {
    const r = await runCli(['verify-dice', '--file', file('seed.json', record(LOG, { serverSeed: 'a'.repeat(64) }))]);
    expect(r.code).toBe(1);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toMatch(/^mismatch: COMMITMENT_MISMATCH: SHA-256 of the revealed seed/);
  });

  it('fetches the record from a server', async () => {
    records['g_test1'] = record(LOG);
    const r = await runCli(['verify-dice', 'g_test1', '--server', base]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`ok: ${THROWS} throws verified`);
    const slash = await runCli(['verify-dice', 'g_test1', '--server', `${base}/`]);
    expect(slash.code).toBe(0);
  });

  it.each([
    [['verify-dice'], /^nardy: verify-dice needs a game id or --file/],
    [['verify-dice', 'g1', 'g2'], /^nardy: unexpected argument 'g2'/],
    [['verify-dice', 'g1', '--file', 'x.json'], /^nardy: give either a game id or --file/],
    [['verify-dice', 'bad/id'], /^nardy: 'bad\/id' is not a game id/],
    [['verify-dice', 'g1', '--server', 'ftp://example.org'], /^nardy: --server must be an http/],
    [['verify-dice', 'g1', '--server', 'not a url'], /^nardy: --server must be an http/],
    [['verify-dice', '--file', '/nonexistent/record.json'], /^nardy: cannot read \/nonexistent\/record\.json: no such file/],
  ])('%j → one-line error, exit 2', async (argv, message) => {
    expectUsage(await runCli(argv), message);
  });

  it('bad records, a missing game and an unreachable server → one-line error, exit 2', async () => {
    expectUsage(await runCli(['verify-dice', '--file', file('text.json', 'not json {')]), /is not JSON/);
    expectUsage(await runCli(['verify-dice', '--file', file('array.json', [])]), /^nardy: not a game record/);
    expectUsage(
      await runCli(['verify-dice', '--file', file('live.json', record(LOG, { serverSeed: null, status: 'active' }))]),
      /game g_test1 is active: its server seed is revealed when the match ends/,
    );
    const broken = record(LOG);
    (broken.actions[1] as { action: unknown }).action = { type: 'roll', seat: 'p1', dice: [7, 1] };
    expectUsage(await runCli(['verify-dice', '--file', file('broken.json', broken)]), /actions\[1\] is not an engine action/);
    expectUsage(await runCli(['verify-dice', 'g_nope', '--server', base]), /answered 404: no game g_nope/);
    // A port nothing listens on: the stand-in server's, once closed.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expectUsage(
      await runCli(['verify-dice', 'g1', '--server', `http://127.0.0.1:${port}`]),
      /^nardy: cannot reach http:\/\/127\.0\.0\.1:\d+\/api\/games\/g1: /,
    );
  });
});
