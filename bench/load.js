// Simulated players for the server benches (bench/server.js: one instance; bench/cluster.js: several), and what they
// measure. A pair of WebSocket clients, each a fresh guest from POST /api/guest (as the web app makes one), plays
// one-point games one after the other: one client opens a seek (casual), the other accepts it, both subscribe and play
// from their views like the tests' scripted player (first legal turn, roll, take, declineResign), each decision after
// a think time drawn from the pace. The two clients of a pair may be connected to different instances.
//
// Measured: every command's round trip (send → its ack/error, performance.now() in the client), by type, split at
// `measure()` (the ramp before it, the window after); commands/s, games completed, errors by code; this client
// process's own CPU and event-loop delay (client and server share the machine's cores, so client cost is part of every
// figure); and the servers' CPU and RSS from /proc (`watchProcesses`).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../packages/protocol/dist/constants.js';

/**
 * The command line of a server bench: `opt(name, default)` for any option, and the players' own (--games, --duration,
 * --pace, --ramp, --variant, --json), checked: a bad one exits with status 2 naming `bench` (its header says more).
 * @param {string[]} args
 * @param {{ games: number, bench: string, startsPerSecond?: number }} defaults `startsPerSecond`: the default ramp starts
 *   that many games a second (100 unless given), for 2 s at least and 20 s at most unless --ramp says otherwise.
 */
export function benchOptions(args, defaults) {
  const opt = (name, dflt) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
  };
  const games = Math.max(1, Math.min(10_000, Number(opt('games', String(defaults.games)))));
  const durationS = Math.max(1, Math.min(3600, Number(opt('duration', '60'))));
  const paceSpec = String(opt('pace', '3000-8000'));
  const pace = paceSpec.includes('-') ? paceSpec.split('-').map(Number) : [Number(paceSpec), Number(paceSpec)];
  const rampS = Number(opt('ramp', String(Math.min(20, Math.max(2, Math.ceil(games / (defaults.startsPerSecond ?? 100)))))));
  if (![games, durationS, ...pace, rampS].every(Number.isFinite) || pace.length !== 2 || pace[0] < 0 || pace[1] < pace[0]) {
    console.error(`bad options; see the header of ${defaults.bench}`);
    process.exit(2);
  }
  return {
    opt,
    json: args.includes('--json'),
    games,
    durationS,
    pace: /** @type {[number, number]} */ (/** @type {unknown} */ (pace)),
    rampS,
    variant: String(opt('variant', 'long')),
  };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function freePort() {
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

/**
 * Samples each process's CPU each second for `durationS` (or until `done()`); resolves with each one's mean CPU (100 % =
 * one core), the p95 of its 1 s samples and its RSS at the end and at its peak.
 * @param {number[]} pids
 * @param {number} durationS
 * @param {() => boolean} done
 */
export async function watchProcesses(pids, durationS, done) {
  const t0 = performance.now();
  const first = pids.map(procStat);
  let prev = first;
  let prevT = t0;
  const samples = pids.map(() => /** @type {number[]} */ ([]));
  while (performance.now() - t0 < durationS * 1000) {
    await sleep(1000);
    const now = pids.map(procStat);
    const t = performance.now();
    now.forEach((s, i) => {
      const p = prev[i];
      if (s && p) samples[i].push(((s.cpuMs - p.cpuMs) / (t - prevT)) * 100);
    });
    prev = now;
    prevT = t;
    if (done()) break;
  }
  const t1 = performance.now();
  return pids.map((_, i) => {
    const s0 = first[i];
    const s1 = procStat(pids[i]);
    const sorted = samples[i].sort((a, b) => a - b);
    return {
      cpuPercentMean: s0 && s1 ? Math.round(((s1.cpuMs - s0.cpuMs) / (t1 - t0)) * 1000) / 10 : null,
      cpuPercentP95: sorted.length ? Math.round(sorted[Math.floor(sorted.length * 0.95)] * 10) / 10 : null,
      rssMiBEnd: s1 ? Math.round(s1.rss / 1048576) : null,
      rssMiBPeak: s1 ? Math.round(s1.hwm / 1048576) : null,
    };
  });
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

/** One run's players and figures. */
export class Load {
  /** @param {{ pace: [number, number], variant: string, client: string }} options */
  constructor({ pace, variant, client }) {
    this.pace = pace;
    this.variant = variant;
    this.clientName = client;
    /** @type {Client[]} */
    this.clients = [];
    this.latency = new Map(); // type -> Samples (in the window)
    this.setupLatency = new Map(); // type -> Samples (during the ramp)
    this.errors = new Map(); // code -> count
    /** @type {string[]} */
    this.errorSamples = [];
    this.measuring = false;
    this.stopping = false;
    this.commandsMeasured = 0;
    this.gamesStarted = 0;
    this.gamesCompleted = 0;
    this.gamesCompletedMeasured = 0;
    this.socketsClosedEarly = 0;
    this.bytesIn = 0;
    this.framesIn = 0;
    this.stuckPlayers = 0; // an action refused (not STALE_VERSION) with no newer view: that player waits no more
    this.t0 = performance.now();
    /** @type {(value?: unknown) => void} */
    let stop = () => {};
    this.stopped = new Promise((r) => (stop = r));
    this.stopAll = stop;
    this.lag = new Samples();
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.lagTimer = undefined;
    this.cpu0 = process.cpuUsage();
    this.tm0 = 0;
  }

  think() {
    return this.pace[0] + Math.random() * (this.pace[1] - this.pace[0]);
  }

  record(type, ms) {
    const m = this.measuring ? this.latency : this.setupLatency;
    let s = m.get(type);
    if (!s) m.set(type, (s = new Samples()));
    s.add(ms);
  }

  error(code, sample) {
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
    if (this.errorSamples.length < 10) this.errorSamples.push(sample);
  }

  /** The ramp is over: from now on commands count in the window, and this process's lag and CPU are watched. */
  measure() {
    this.measuring = true;
    this.cpu0 = process.cpuUsage();
    this.tm0 = performance.now();
    // How late a 10 ms timer fires here (client-side delay inflates every figure).
    const tick = (at) => {
      this.lagTimer = setTimeout(() => {
        const now = performance.now();
        this.lag.add(Math.max(0, now - at - 10));
        tick(now);
      }, 10);
    };
    tick(this.tm0);
  }

  /** Ends the window, then stops every pair (waiting at most 15 s for them to drain); returns the figures. */
  async finish(pairs) {
    const tm1 = performance.now();
    const cpu1 = process.cpuUsage(this.cpu0);
    this.measuring = false;
    clearTimeout(this.lagTimer);
    const socketsOpenAtEnd = this.clients.filter((c) => c.ws?.readyState === WebSocket.OPEN).length;
    let pendingAtEnd = 0;
    for (const c of this.clients) pendingAtEnd += c.pending.size;
    this.stopping = true;
    this.stopAll();
    await Promise.race([Promise.all(pairs), sleep(15_000)]);
    const windowS = (tm1 - this.tm0) / 1000;
    const sinceStartS = (tm1 - this.t0) / 1000;
    const types = {};
    for (const [t, s] of [...this.latency].sort()) types[t] = s.summary();
    const setup = {};
    for (const [t, s] of [...this.setupLatency].sort()) setup[t] = s.summary();
    const lag = this.lag.summary();
    return {
      durationS: Math.round(windowS * 10) / 10,
      socketsOpenAtEnd,
      socketsClosedEarly: this.socketsClosedEarly,
      gamesStarted: this.gamesStarted,
      gamesCompleted: this.gamesCompleted,
      gamesCompletedInWindow: this.gamesCompletedMeasured,
      commandsPerSecond: Math.round(this.commandsMeasured / windowS),
      movesPerSecond: Math.round((types['game.action']?.count ?? 0) / windowS),
      framesInPerSecond: Math.round(this.framesIn / sinceStartS),
      mbInPerSecond: Math.round((this.bytesIn / sinceStartS / 1e6) * 100) / 100,
      pendingAtEnd,
      stuckPlayers: this.stuckPlayers,
      gameAction: types['game.action'] ?? { count: 0 },
      byType: types,
      setupDuringRamp: setup,
      errors: Object.fromEntries(this.errors),
      rateLimited: this.errors.get('RATE_LIMITED') ?? 0,
      errorSamples: this.errorSamples,
      client: {
        cpuPercent: Math.round(((cpu1.user + cpu1.system) / 1000 / (tm1 - this.tm0)) * 1000) / 10,
        eventLoopLagMs: { p50: lag.p50, p99: lag.p99, max: lag.max },
        rssMiB: Math.round(process.memoryUsage().rss / 1048576),
      },
    };
  }

  closeAll() {
    for (const c of this.clients) c.close();
  }

  /** Starts `games` pairs spread over `rampS` seconds; pair k's two clients connect to `urlOf(2k)` and `urlOf(2k + 1)`. */
  start(games, rampS, urlOf) {
    this.t0 = performance.now();
    const pairs = [];
    for (let k = 0; k < games; k++) pairs.push(this.runPair(urlOf(2 * k), urlOf(2 * k + 1), k, this.t0 + (rampS * 1000 * k) / games));
    return pairs;
  }

  /** Pair `k`, from `startAt` (performance.now()) until stopped: its first client on `urlA`, its second on `urlB`. */
  async runPair(urlA, urlB, k, startAt) {
    await sleep(Math.max(0, startAt - performance.now()));
    if (this.stopping) return;
    const a = new Client(this, urlA, `a${k}`);
    const b = new Client(this, urlB, `b${k}`);
    try {
      await Promise.all([a.open(), b.open()]);
    } catch (e) {
      this.error('CONNECT', `connect: ${e.message}${e.cause ? ` (${e.cause.code ?? e.cause.message})` : ''}`);
      a.close();
      b.close();
      return;
    }
    this.clients.push(a, b);
    const hello = { type: 'hello', protocol: PROTOCOL_VERSION, client: this.clientName, lang: 'en' };
    const [ha, hb] = await Promise.all([a.command(hello), b.command(hello)]);
    if (ha.type !== 'ack' || hb.type !== 'ack') return;
    const pa = new Player(this, a);
    const pb = new Player(this, b);
    while (!this.stopping) {
      const seek = await a.command({
        type: 'seek.create',
        settings: { match: { variant: this.variant, matchLength: 1 }, rated: false, stake: 0 },
      });
      if (seek.type !== 'ack' || this.stopping) break;
      const acc = await b.command({ type: 'seek.accept', seekId: seek.result.seekId });
      if (acc.type !== 'ack' || this.stopping) break;
      const gameId = acc.result.gameId;
      this.gamesStarted++;
      const doneA = pa.play(gameId);
      const doneB = pb.play(gameId);
      const [sa, sb] = await Promise.all([a.command({ type: 'game.subscribe', gameId }), b.command({ type: 'game.subscribe', gameId })]);
      if (sa.type !== 'ack' || sb.type !== 'ack') break;
      await Promise.race([Promise.all([doneA, doneB]), this.stopped]);
      if (this.stopping) break;
      this.gamesCompleted++;
      if (this.measuring) this.gamesCompletedMeasured++;
      await Promise.all([a.command({ type: 'game.unsubscribe', gameId }), b.command({ type: 'game.unsubscribe', gameId })]);
      await sleep(this.think()); // a pause before the next game
    }
  }
}

/** The lines every server bench prints about its players (after its own headline). */
export function describeLoad(out) {
  const g = out.gameAction;
  const lines = [`  game.action round trip: n=${g.count} p50 ${g.p50} ms  p95 ${g.p95} ms  p99 ${g.p99} ms  max ${g.max} ms`];
  if (out.stuckPlayers) lines.push(`  players stuck on a refused action: ${out.stuckPlayers}`);
  lines.push(`  moves/s ${out.movesPerSecond}; commands/s ${out.commandsPerSecond}; frames in/s ${out.framesInPerSecond}; ${out.mbInPerSecond} MB/s in`);
  for (const [t, s] of Object.entries(out.byType))
    if (t !== 'game.action') lines.push(`  ${t.padEnd(18)} n=${s.count} p50 ${s.p50} p99 ${s.p99} max ${s.max} ms`);
  lines.push(`  errors: ${JSON.stringify(out.errors)}${out.rateLimited ? '  <-- RATE_LIMITED tripped' : ''}`);
  for (const e of out.errorSamples) lines.push(`    ${e}`);
  const c = out.client;
  lines.push(
    `  client (this process): CPU ${c.cpuPercent} %, event-loop lag p50 ${c.eventLoopLagMs.p50} ms p99 ${c.eventLoopLagMs.p99} ms max ${c.eventLoopLagMs.max} ms, RSS ${c.rssMiB} MiB`,
  );
  return lines;
}

class Client {
  /** @param {Load} load */
  constructor(load, url, name) {
    this.load = load;
    this.url = url;
    this.name = name;
    this.seq = 0;
    this.pending = new Map(); // id -> {type, t0, resolve}
    this.onPush = null;
    /** @type {WebSocket | undefined} */
    this.ws = undefined;
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
        if (!this.load.stopping) this.load.socketsClosedEarly++;
        for (const p of this.pending.values()) p.resolve({ type: 'error', code: 'CLOSED' });
        this.pending.clear();
      });
      ws.on('message', (data) => this.receive(data));
    });
  }

  receive(data) {
    const load = this.load;
    load.framesIn++;
    load.bytesIn += data.length;
    const msg = JSON.parse(data.toString('utf8'));
    if ((msg.type === 'ack' || msg.type === 'error') && msg.id !== null) {
      const p = this.pending.get(msg.id);
      if (p) {
        this.pending.delete(msg.id);
        load.record(p.type, performance.now() - p.t0);
        if (msg.type === 'error') load.error(msg.code, `${p.type}: ${msg.code} ${msg.message}`);
        p.resolve(msg);
        return;
      }
    }
    if (msg.type === 'error') load.error(msg.code, `(no id): ${msg.code} ${msg.message}`);
    this.onPush?.(msg);
  }

  command(body) {
    const id = `${this.name}.${++this.seq}`;
    return new Promise((resolve) => {
      const ws = /** @type {WebSocket} */ (this.ws);
      if (ws.readyState !== WebSocket.OPEN) return resolve({ type: 'error', code: 'CLOSED' });
      this.pending.set(id, { type: body.type, t0: performance.now(), resolve });
      if (this.load.measuring) this.load.commandsMeasured++;
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
  /** @param {Load} load @param {Client} client */
  constructor(load, client) {
    this.load = load;
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
    if (this.timer || this.inFlight || this.load.stopping) return;
    if (!this.view || this.view.version === this.sentVersion || pick(this.view) === null) return;
    this.timer = setTimeout(() => this.act(), this.load.think());
  }

  async act() {
    this.timer = undefined;
    const v = this.view;
    const a = v && v.phase !== 'matchOver' ? pick(v) : null;
    if (!a || this.load.stopping || v.version === this.sentVersion) return;
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
    else if (r.type === 'error' && r.code !== 'STALE_VERSION') this.load.stuckPlayers++;
  }
}
