#!/usr/bin/env node
// Server load: simulated players on real games over WebSocket on loopback.
// Usage: npm run bench:server -- [--games N] [--duration S] [--pace MS|MIN-MAX] [--ramp S] [--variant long|short|caucasian]
//                                 [--seed HEX64] [--db file|memory] [--log-level L] [--cpu-prof DIR] [--json]
//                                 [--node-args "--trace-gc …"] [--keep-log FILE] [--tournament N]
//
// Starts the built server (packages/server/dist/main.js) as a child process on a temp SQLite file and a free
// 127.0.0.1 port, opens 2·N WebSocket clients (each a fresh guest from POST /api/guest, as the web app makes one;
// SIGNUP_BURST, SOCKETS_PER_IP and SEEKS_PER_IP are raised to 2·N + 10 for the run: they are per IP address), and
// pairs them: one client of a pair opens a seek (casual, one-point match), the other accepts it, both subscribe and play
// from their views like the tests' scripted player (first legal turn, roll, take, declineResign), each decision
// after a think time drawn from --pace. A pair starts its next game when one ends, so N games are in play at
// once for the whole run. Game starts are spread over --ramp seconds; the figures are taken after the ramp.
//
// Measured: every command's round trip (send → its ack/error, performance.now() in the client), by type;
// `game.action` after the ramp is the headline figure. Also commands/s, games completed, errors by code
// (RATE_LIMITED is called out), the server's CPU and RSS (/proc/<pid>/stat, /proc/<pid>/status, sampled
// each second) and this client process's own CPU and event-loop delay: client and server share the machine's
// cores, so client cost is part of every figure.
//
// Bounded: at most --games pairs, stops after ramp + duration (+ a 15 s grace to drain), then SIGINTs the
// server (SIGKILL after 20 s) and deletes the temp folder. Traffic only to 127.0.0.1.
//
// --tournament N (issue 42): before the games start, a registered player creates a casual N-player knockout that bots
// fill (TOURNAMENT_BOT_FILL_S=1) and registers; its bot-against-bot games run on the server's bot pool through the
// whole run (he never plays his own: he loses it as a no-show), so the figures are a move's round trip while a
// tournament runs. Its progress at the end is reported under `tournament`.
//
// Dice: NARDY_DICE_SEED is removed from the server's environment so throws are random (like production); pass
// --seed <64 hex> to fix it (every table then throws the same dice; the run is still not bit-reproducible
// because think times and scheduling are random).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, openSync, closeSync, existsSync, mkdirSync, copyFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../packages/protocol/dist/constants.js';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const json = args.includes('--json');
const GAMES = Math.max(1, Math.min(10_000, Number(opt('games', '100'))));
const DURATION_S = Math.max(1, Math.min(3600, Number(opt('duration', '60'))));
const paceSpec = String(opt('pace', '3000-8000'));
const [PACE_MIN, PACE_MAX] = paceSpec.includes('-') ? paceSpec.split('-').map(Number) : [Number(paceSpec), Number(paceSpec)];
const RAMP_S = Number(opt('ramp', String(Math.min(20, Math.max(2, Math.ceil(GAMES / 100))))));
const VARIANT = opt('variant', 'long');
const SEED = opt('seed', null);
const LOG_LEVEL = opt('log-level', 'warn');
const CPU_PROF = opt('cpu-prof', null);
const NODE_ARGS = String(opt('node-args', '')).split(/\s+/).filter(Boolean); // extra flags for the server's node (diagnostics)
const KEEP_LOG = opt('keep-log', null); // copy the server's output (its log, and --trace-gc lines) here at the end
const TOURNAMENT = Number(opt('tournament', '0')); // players of a bot-filled knockout running alongside (0: none)
const DB = opt('db', 'file'); // 'file' (a temp SQLite file, WAL, synchronous=NORMAL as deployed) or 'memory' (SQLite :memory:, a diagnostic: no fsync)
if (![GAMES, DURATION_S, PACE_MIN, PACE_MAX, RAMP_S].every(Number.isFinite) || PACE_MIN < 0 || PACE_MAX < PACE_MIN) {
  console.error('bad options; see the header of bench/server.js');
  process.exit(2);
}
if (SEED !== null && !/^[0-9a-f]{64}$/.test(SEED)) {
  console.error('--seed must be 64 lowercase hex characters');
  process.exit(2);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const mainJs = join(root, 'packages/server/dist/main.js');
if (!existsSync(mainJs)) {
  console.error(`${mainJs} not found: run npm run build`);
  process.exit(2);
}

// --- helpers --------------------------------------------------------------------------------------------------------

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const think = () => PACE_MIN + Math.random() * (PACE_MAX - PACE_MIN);

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
      s.close(() => res(port));
    });
  });
}

const CLK_TCK = 100; // getconf CLK_TCK on Linux x86-64
function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]); // utime + stime (fields 14, 15)
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    return { cpuMs: (ticks * 1000) / CLK_TCK, rss, hwm };
  } catch {
    return null;
  }
}

/** Latencies in ms, kept as a growable Float64Array per command type. */
class Samples {
  constructor() {
    this.a = new Float64Array(1 << 14);
    this.n = 0;
  }
  add(x) {
    if (this.n === this.a.length) {
      const b = new Float64Array(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.n++] = x;
  }
  summary() {
    if (this.n === 0) return { count: 0 };
    const s = this.a.slice(0, this.n).sort();
    const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
    let sum = 0;
    for (const x of s) sum += x;
    const r = (x) => Math.round(x * 100) / 100;
    return { count: s.length, mean: r(sum / s.length), p50: r(q(0.5)), p95: r(q(0.95)), p99: r(q(0.99)), max: r(s[s.length - 1]) };
  }
}

// --- the run's state --------------------------------------------------------------------------------------------------

const latency = new Map(); // type -> Samples (after the ramp)
const setupLatency = new Map(); // type -> Samples (during the ramp)
const errors = new Map(); // code -> count
const errorSamples = [];
let measuring = false;
let stopping = false;
let commandsMeasured = 0;
let gamesStarted = 0;
let gamesCompleted = 0;
let gamesCompletedMeasured = 0;
let socketsClosedEarly = 0;
let bytesIn = 0;
let framesIn = 0;
let stuckPlayers = 0; // an action refused (not STALE_VERSION) with no newer view: that player waits no more

function record(type, ms) {
  const m = measuring ? latency : setupLatency;
  let s = m.get(type);
  if (!s) m.set(type, (s = new Samples()));
  s.add(ms);
}

class Client {
  constructor(url, name) {
    this.url = url;
    this.name = name;
    this.seq = 0;
    this.pending = new Map(); // id -> {type, t0, resolve}
    this.onPush = null;
  }

  async open() {
    // A socket without a session only watches: each player is a guest, made as the web app makes one.
    const guest = await fetch(`${this.url.replace(/^ws/, 'http').replace(/\/ws$/, '')}/api/guest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    if (guest.status !== 201 && guest.status !== 200) throw new Error(`POST /api/guest answered ${guest.status}`);
    const cookie = (guest.headers.get('set-cookie') ?? '').split(';')[0];
    return new Promise((res, rej) => {
      const ws = new WebSocket(this.url, { perMessageDeflate: false, headers: { cookie } });
      this.ws = ws;
      ws.on('open', () => res(undefined));
      ws.on('error', (e) => rej(e));
      ws.on('close', () => {
        if (!stopping) socketsClosedEarly++;
        for (const p of this.pending.values()) p.resolve({ type: 'error', code: 'CLOSED' });
        this.pending.clear();
      });
      ws.on('message', (data) => this.receive(data));
    });
  }

  receive(data) {
    framesIn++;
    bytesIn += data.length;
    const msg = JSON.parse(data.toString('utf8'));
    if ((msg.type === 'ack' || msg.type === 'error') && msg.id !== null) {
      const p = this.pending.get(msg.id);
      if (p) {
        this.pending.delete(msg.id);
        record(p.type, performance.now() - p.t0);
        if (msg.type === 'error') {
          errors.set(msg.code, (errors.get(msg.code) ?? 0) + 1);
          if (errorSamples.length < 10) errorSamples.push(`${p.type}: ${msg.code} ${msg.message}`);
        }
        p.resolve(msg);
        return;
      }
    }
    if (msg.type === 'error') {
      errors.set(msg.code, (errors.get(msg.code) ?? 0) + 1);
      if (errorSamples.length < 10) errorSamples.push(`(no id): ${msg.code} ${msg.message}`);
    }
    this.onPush?.(msg);
  }

  command(body) {
    const id = `${this.name}.${++this.seq}`;
    return new Promise((resolve) => {
      const ws = /** @type {WebSocket} */ (this.ws);
      if (ws.readyState !== WebSocket.OPEN) return resolve({ type: 'error', code: 'CLOSED' });
      this.pending.set(id, { type: body.type, t0: performance.now(), resolve });
      if (measuring) commandsMeasured++;
      ws.send(JSON.stringify({ ...body, id }));
    });
  }

  close() {
    try {
      this.ws?.terminate();
    } catch {
      // already closed
    }
  }
}

/** The action the tests' scripted player picks (packages/server/src/games/kit.suite.ts `pick`). */
function pick(v) {
  const l = v.legal;
  if (!l || v.toAct !== v.you) return null;
  if (l.actions.includes('move')) return { type: 'move', steps: (l.turns[0] ?? []).map((s) => ({ from: s.from, to: s.to })) };
  for (const t of ['roll', 'take', 'declineResign']) if (l.actions.includes(t)) return { type: t };
  return null;
}

/** One seat's player in the current game: acts from the latest view after a think time. */
class Player {
  constructor(client) {
    this.client = client;
    this.gameId = null;
    this.view = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    this.inFlight = false;
    this.sentVersion = -1; // one decision per view version
    /** @type {(() => void) | null} */
    this.done = null; // resolves when the match is over
    client.onPush = (m) => this.push(m);
  }

  play(gameId) {
    this.gameId = gameId;
    this.view = null;
    this.sentVersion = -1;
    return /** @type {Promise<void>} */ (new Promise((res) => (this.done = res)));
  }

  push(m) {
    if ((m.type !== 'game.event' && m.type !== 'game.snapshot') || m.gameId !== this.gameId) return;
    if (this.view && m.view.version < this.view.version) return;
    this.view = m.view;
    if (m.view.phase === 'matchOver') {
      clearTimeout(this.timer);
      this.timer = undefined;
      const d = this.done;
      this.done = null;
      d?.();
      return;
    }
    this.schedule();
  }

  schedule() {
    if (this.timer || this.inFlight || stopping) return;
    if (!this.view || this.view.version === this.sentVersion || pick(this.view) === null) return;
    this.timer = setTimeout(() => this.act(), think());
  }

  async act() {
    this.timer = undefined;
    const v = this.view;
    const a = v && v.phase !== 'matchOver' ? pick(v) : null;
    if (!a || stopping || v.version === this.sentVersion) return;
    this.sentVersion = v.version;
    this.inFlight = true;
    const r = await this.client.command({ type: 'game.action', gameId: this.gameId, version: v.version, action: a });
    this.inFlight = false;
    if (r.type === 'error' && r.code === 'CLOSED') return;
    if (r.type === 'error' && r.code === 'RATE_LIMITED') {
      // Counted (and reported); try the same decision again a second later.
      if (this.view && this.view.version === v.version) this.sentVersion = -1;
      setTimeout(() => this.schedule(), 1000);
      return;
    }
    // A newer view may have come while the command was out: decide on it.
    if (this.view && this.view.version !== v.version) this.schedule();
    else if (r.type === 'error' && r.code !== 'STALE_VERSION') stuckPlayers++;
  }
}

async function runPair(url, k, startAt) {
  await sleep(Math.max(0, startAt - performance.now()));
  if (stopping) return;
  const a = new Client(url, `a${k}`);
  const b = new Client(url, `b${k}`);
  try {
    await Promise.all([a.open(), b.open()]);
  } catch (e) {
    errors.set('CONNECT', (errors.get('CONNECT') ?? 0) + 1);
    if (errorSamples.length < 10) errorSamples.push(`connect: ${e.message}`);
    a.close();
    b.close();
    return;
  }
  clients.push(a, b);
  const hello = { type: 'hello', protocol: PROTOCOL_VERSION, client: 'bench-server/1', lang: 'en' };
  const [ha, hb] = await Promise.all([a.command(hello), b.command(hello)]);
  if (ha.type !== 'ack' || hb.type !== 'ack') return;
  const pa = new Player(a);
  const pb = new Player(b);
  while (!stopping) {
    const seek = await a.command({
      type: 'seek.create',
      settings: { match: { variant: VARIANT, matchLength: 1 }, rated: false, stake: 0 },
    });
    if (seek.type !== 'ack' || stopping) break;
    const acc = await b.command({ type: 'seek.accept', seekId: seek.result.seekId });
    if (acc.type !== 'ack' || stopping) break;
    const gameId = acc.result.gameId;
    gamesStarted++;
    const doneA = pa.play(gameId);
    const doneB = pb.play(gameId);
    const [sa, sb] = await Promise.all([a.command({ type: 'game.subscribe', gameId }), b.command({ type: 'game.subscribe', gameId })]);
    if (sa.type !== 'ack' || sb.type !== 'ack') break;
    await Promise.race([Promise.all([doneA, doneB]), stopped]);
    if (stopping) break;
    gamesCompleted++;
    if (measuring) gamesCompletedMeasured++;
    await Promise.all([a.command({ type: 'game.unsubscribe', gameId }), b.command({ type: 'game.unsubscribe', gameId })]);
    await sleep(think()); // a pause before the next game
  }
}

// --- main -------------------------------------------------------------------------------------------------------------

const clients = [];
/** @type {(value?: unknown) => void} */
let stop = () => {};
const stopped = new Promise((r) => (stop = r));

const dir = mkdtempSync(join(tmpdir(), 'nardy-bench-'));
const port = await freePort();
/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: DB === 'memory' ? ':memory:' : join(dir, 'bench.db'), LOG_LEVEL };
delete env.NARDY_DICE_SEED;
delete env.REDIS_URL;
if (SEED) env.NARDY_DICE_SEED = SEED;
if (TOURNAMENT > 0) env.TOURNAMENT_BOT_FILL_S = '1';
// Every client is a guest from 127.0.0.1: the guest sessions, sockets and seeks one address may have.
env.SIGNUP_BURST = String(2 * GAMES + 10);
env.SOCKETS_PER_IP = String(2 * GAMES + 10);
env.SEEKS_PER_IP = String(2 * GAMES + 10);
const nodeArgs = [...NODE_ARGS];
if (CPU_PROF) {
  const profDir = resolve(CPU_PROF);
  mkdirSync(profDir, { recursive: true });
  nodeArgs.push('--cpu-prof', '--cpu-prof-dir', profDir);
}
const logFile = join(dir, 'server.log');
const logFd = openSync(logFile, 'w');
const server = spawn(process.execPath, [...nodeArgs, mainJs], { cwd: root, env, stdio: ['ignore', logFd, logFd] });
closeSync(logFd);
let serverExit = null;
server.on('exit', (code, signal) => (serverExit = { code, signal }));
// Never leave the server behind, whatever ends this process (an error, a closed stdout, Ctrl-C).
process.on('exit', () => {
  if (!serverExit) server.kill('SIGKILL');
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    // a temporary folder left behind is no reason to fail on the way out
  }
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => process.exit(130));

const base = `http://127.0.0.1:${port}`;
const url = `ws://127.0.0.1:${port}/ws`;
const hardStop = setTimeout(
  () => {
    console.error('bench: hard time limit reached');
    server.kill('SIGKILL');
    process.exit(1);
  },
  (RAMP_S + DURATION_S + 120) * 1000,
);
hardStop.unref();

function cleanup() {
  for (const c of clients) c.close();
  if (KEEP_LOG) copyFileSync(logFile, resolve(KEEP_LOG));
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    // as above: only a temporary folder
  }
}

async function stopServer() {
  if (serverExit) return;
  server.kill('SIGINT');
  const t0 = Date.now();
  while (!serverExit && Date.now() - t0 < 20_000) await sleep(50);
  if (!serverExit) server.kill('SIGKILL');
  while (!serverExit) await sleep(50);
}

/** The tournament host's socket (not one of the measured players). */
const tournamentSockets = [];

/** A registered player's casual, bot-filled knockout of `players` (see the header); resolves with its id once it runs. */
async function startTournament(players) {
  const r = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'benchhost', password: 'board-game-42' }),
  });
  if (r.status !== 201) throw new Error(`POST /api/register answered ${r.status}`);
  const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0];
  const ws = new WebSocket(url, { headers: { cookie } });
  tournamentSockets.push(ws);
  await new Promise((res, rej) => (ws.once('open', res), ws.once('error', rej)));
  const replies = new Map();
  ws.on('message', (d) => {
    const m = JSON.parse(String(d));
    if (m.type === 'ack' || m.type === 'error') replies.get(m.id)?.(m);
  });
  const send = (id, msg) => new Promise((res) => (replies.set(id, res), ws.send(JSON.stringify({ ...msg, id }))));
  await send('t0', { type: 'hello', protocol: PROTOCOL_VERSION });
  const terms = {
    name: 'Bench knockout',
    format: 'knockout',
    match: { variant: VARIANT, matchLength: 1, timeControl: { kind: 'matchReserve', perPointMs: 60000, delayMs: 0 } },
    rated: false,
    buyIn: 0,
    minPlayers: 2,
    maxPlayers: players,
    start: { kind: 'full' },
    bots: true,
    options: {},
  };
  const made = await send('t1', { type: 'tournament.create', terms });
  if (made.type !== 'ack') throw new Error(`tournament.create: ${JSON.stringify(made)}`);
  const id = made.result.tournamentId;
  const reg = await send('t2', { type: 'tournament.register', tournamentId: id });
  if (reg.type !== 'ack') throw new Error(`tournament.register: ${JSON.stringify(reg)}`);
  for (let i = 0; i < 100; i++) {
    const t = await (await fetch(`${base}/api/tournaments/${id}`)).json();
    if (t.tournament.status === 'running') return id;
    await sleep(100);
  }
  throw new Error('the tournament did not start');
}

try {
  // Wait for the server.
  let up = false;
  for (let i = 0; i < 300 && !serverExit; i++) {
    try {
      const r = await fetch(`${base}/healthz`);
      if (r.ok) {
        up = true;
        break;
      }
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  if (!up) throw new Error(`the server did not come up:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);

  // This process's own event-loop lag: how late a 10 ms timer fires (client-side delay inflates every figure).
  const lag = new Samples();
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let lagTimer;
  const lagTick = (at) => {
    lagTimer = setTimeout(() => {
      const now = performance.now();
      if (measuring) lag.add(Math.max(0, now - at - 10));
      lagTick(now);
    }, 10);
  };
  const tournamentId = TOURNAMENT > 0 ? await startTournament(TOURNAMENT) : null;
  const t0 = performance.now();
  const pairs = [];
  for (let k = 0; k < GAMES; k++) pairs.push(runPair(url, k, t0 + (RAMP_S * 1000 * k) / GAMES));

  await sleep(RAMP_S * 1000);
  // Measurement window.
  measuring = true;
  lagTick(performance.now());
  const cpu0 = process.cpuUsage();
  const s0 = procStat(server.pid);
  const tm0 = performance.now();
  const samples = [];
  let prev = s0;
  let prevT = tm0;
  while (performance.now() - tm0 < DURATION_S * 1000) {
    await sleep(1000);
    const s = procStat(server.pid);
    const t = performance.now();
    if (s && prev) samples.push({ cpu: ((s.cpuMs - prev.cpuMs) / (t - prevT)) * 100, rss: s.rss });
    prev = s;
    prevT = t;
    if (serverExit) break;
  }
  const tm1 = performance.now();
  const s1 = procStat(server.pid);
  const cpu1 = process.cpuUsage(cpu0);
  measuring = false;
  clearTimeout(lagTimer);
  const lagS = lag.summary();
  const liveSockets = clients.filter((c) => c.ws?.readyState === WebSocket.OPEN).length;
  let pendingAtEnd = 0;
  for (const c of clients) pendingAtEnd += c.pending.size;
  stopping = true;
  stop();
  await Promise.race([Promise.all(pairs), sleep(15_000)]);
  const health = await fetch(`${base}/healthz`)
    .then((r) => r.json())
    .catch(() => null);
  const tournament =
    tournamentId === null
      ? null
      : await fetch(`${base}/api/tournaments/${tournamentId}`)
          .then((r) => r.json())
          .then((d) => ({
            players: TOURNAMENT,
            status: d.tournament.status,
            matches: d.pairings.length,
            decided: d.pairings.filter((p) => p.result !== null).length,
          }))
          .catch(() => null);
  for (const c of clients) c.close();
  for (const ws of tournamentSockets) ws.close();
  await stopServer();

  const windowS = (tm1 - tm0) / 1000;
  const types = {};
  for (const [t, s] of [...latency].sort()) types[t] = s.summary();
  const setup = {};
  for (const [t, s] of [...setupLatency].sort()) setup[t] = s.summary();
  const cpuSamples = samples.map((s) => s.cpu).sort((a, b) => a - b);
  const out = {
    games: GAMES,
    clients: 2 * GAMES,
    durationS: Math.round(windowS * 10) / 10,
    rampS: RAMP_S,
    paceMs: [PACE_MIN, PACE_MAX],
    variant: VARIANT,
    db: DB,
    diceSeed: SEED ? 'fixed' : 'random',
    socketsOpenAtEnd: liveSockets,
    socketsClosedEarly,
    gamesStarted,
    gamesCompleted,
    gamesCompletedInWindow: gamesCompletedMeasured,
    commandsPerSecond: Math.round(commandsMeasured / windowS),
    framesInPerSecond: Math.round(framesIn / ((tm1 - t0) / 1000)),
    mbInPerSecond: Math.round((bytesIn / ((tm1 - t0) / 1000) / 1e6) * 100) / 100,
    pendingAtEnd,
    stuckPlayers,
    tournament,
    gameAction: types['game.action'] ?? { count: 0 },
    byType: types,
    setupDuringRamp: setup,
    errors: Object.fromEntries(errors),
    rateLimited: errors.get('RATE_LIMITED') ?? 0,
    errorSamples,
    server: {
      cpuPercentMean: s0 && s1 ? Math.round(((s1.cpuMs - s0.cpuMs) / (tm1 - tm0)) * 1000) / 10 : null,
      cpuPercentP95: cpuSamples.length ? Math.round(cpuSamples[Math.floor(cpuSamples.length * 0.95)] * 10) / 10 : null,
      rssMiBEnd: s1 ? Math.round(s1.rss / 1048576) : null,
      rssMiBPeak: s1 ? Math.round(s1.hwm / 1048576) : null,
      healthAtEnd: health,
      exit: serverExit,
    },
    client: {
      cpuPercent: Math.round(((cpu1.user + cpu1.system) / 1000 / (tm1 - tm0)) * 1000) / 10,
      eventLoopLagMs: { p50: lagS.p50, p99: lagS.p99, max: lagS.max },
      rssMiB: Math.round(process.memoryUsage().rss / 1048576),
    },
  };
  if (json) console.log(JSON.stringify(out));
  else {
    const g = out.gameAction;
    console.log(`${GAMES} games (${2 * GAMES} clients), ${VARIANT}, db ${DB}, pace ${PACE_MIN}-${PACE_MAX} ms, ramp ${RAMP_S} s, window ${out.durationS} s`);
    console.log(
      `  sockets open at end ${liveSockets}/${2 * GAMES}; games started ${gamesStarted}, completed ${gamesCompleted} (${gamesCompletedMeasured} in the window)`,
    );
    console.log(`  game.action round trip: n=${g.count} p50 ${g.p50} ms  p95 ${g.p95} ms  p99 ${g.p99} ms  max ${g.max} ms`);
    if (stuckPlayers) console.log(`  players stuck on a refused action: ${stuckPlayers}`);
    if (tournament)
      console.log(`  tournament: ${tournament.players} players, ${tournament.status}, ${tournament.decided}/${tournament.matches} matches decided`);
    console.log(`  commands/s ${out.commandsPerSecond}; frames in/s ${out.framesInPerSecond}; ${out.mbInPerSecond} MB/s in`);
    for (const [t, s] of Object.entries(types))
      if (t !== 'game.action') console.log(`  ${t.padEnd(18)} n=${s.count} p50 ${s.p50} p99 ${s.p99} max ${s.max} ms`);
    console.log(`  errors: ${JSON.stringify(out.errors)}${out.rateLimited ? '  <-- RATE_LIMITED tripped' : ''}`);
    for (const e of errorSamples) console.log(`    ${e}`);
    console.log(
      `  server: CPU ${out.server.cpuPercentMean} % mean (p95 of 1 s samples ${out.server.cpuPercentP95} %; 100 % = one core), RSS ${out.server.rssMiBEnd} MiB (peak ${out.server.rssMiBPeak} MiB)`,
    );
    console.log(
      `  client (this process): CPU ${out.client.cpuPercent} %, event-loop lag p50 ${out.client.eventLoopLagMs.p50} ms p99 ${out.client.eventLoopLagMs.p99} ms max ${out.client.eventLoopLagMs.max} ms, RSS ${out.client.rssMiB} MiB`,
    );
  }
} catch (e) {
  console.error(`bench: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
  stopping = true;
  stop();
  for (const c of clients) c.close();
  await stopServer().catch(() => {});
} finally {
  cleanup();
  clearTimeout(hardStop);
}
process.exit(process.exitCode ?? 0);
