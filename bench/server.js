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
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../packages/protocol/dist/constants.js';
import { Load, benchOptions, describeLoad, freePort, sleep, watchProcesses } from './load.js';

const {
  opt,
  json,
  games: GAMES,
  durationS: DURATION_S,
  pace,
  rampS: RAMP_S,
  variant: VARIANT,
} = benchOptions(process.argv.slice(2), {
  games: 100,
  bench: 'bench/server.js',
});
const SEED = opt('seed', null);
const LOG_LEVEL = opt('log-level', 'warn');
const CPU_PROF = opt('cpu-prof', null);
const NODE_ARGS = String(opt('node-args', '')).split(/\s+/).filter(Boolean); // extra flags for the server's node (diagnostics)
const KEEP_LOG = opt('keep-log', null); // copy the server's output (its log, and --trace-gc lines) here at the end
const TOURNAMENT = Number(opt('tournament', '0')); // players of a bot-filled knockout running alongside (0: none)
const DB = opt('db', 'file'); // 'file' (a temp SQLite file, WAL, synchronous=NORMAL as deployed) or 'memory' (SQLite :memory:, a diagnostic: no fsync)
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

// --- main -------------------------------------------------------------------------------------------------------------

const load = new Load({ pace, variant: VARIANT, client: 'bench-server/1' });
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
  load.closeAll();
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

  const tournamentId = TOURNAMENT > 0 ? await startTournament(TOURNAMENT) : null;
  const pairs = load.start(GAMES, RAMP_S, () => url);
  await sleep(RAMP_S * 1000);
  // Measurement window.
  load.measure();
  const [serverCpu] = await watchProcesses([/** @type {number} */ (server.pid)], DURATION_S, () => serverExit !== null);
  const players = await load.finish(pairs);
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
  load.closeAll();
  for (const ws of tournamentSockets) ws.close();
  await stopServer();

  const out = {
    games: GAMES,
    clients: 2 * GAMES,
    rampS: RAMP_S,
    paceMs: pace,
    variant: VARIANT,
    db: DB,
    diceSeed: SEED ? 'fixed' : 'random',
    tournament,
    ...players,
    server: { ...serverCpu, healthAtEnd: health, exit: serverExit },
  };
  if (json) console.log(JSON.stringify(out));
  else {
    console.log(`${GAMES} games (${2 * GAMES} clients), ${VARIANT}, db ${DB}, pace ${pace[0]}-${pace[1]} ms, ramp ${RAMP_S} s, window ${out.durationS} s`);
    console.log(
      `  sockets open at end ${out.socketsOpenAtEnd}/${2 * GAMES}; games started ${out.gamesStarted}, completed ${out.gamesCompleted} (${out.gamesCompletedInWindow} in the window)`,
    );
    if (tournament)
      console.log(`  tournament: ${tournament.players} players, ${tournament.status}, ${tournament.decided}/${tournament.matches} matches decided`);
    for (const line of describeLoad(out)) console.log(line);
    console.log(
      `  server: CPU ${out.server.cpuPercentMean} % mean (p95 of 1 s samples ${out.server.cpuPercentP95} %; 100 % = one core), RSS ${out.server.rssMiBEnd} MiB (peak ${out.server.rssMiBPeak} MiB)`,
    );
  }
} catch (e) {
  console.error(`bench: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
  load.stopping = true;
  load.stopAll();
  load.closeAll();
  await stopServer().catch(() => {});
} finally {
  cleanup();
  clearTimeout(hardStop);
}
process.exit(process.exitCode ?? 0);
