#!/usr/bin/env node
// Server load across instances (issue 43): moves/s and the move's round trip with 1, 2 and 3 instances sharing
// PostgreSQL and Redis, all on this machine with the load-generating client.
// Usage: npm run bench:cluster -- [--instances 1,2,3] [--games N] [--duration S] [--pace MS|MIN-MAX] [--ramp S]
//                                  [--variant long|short|caucasian] [--database URL] [--redis URL] [--redis-single]
//                                  [--log-level L] [--keep-logs DIR] [--json]
//
// For each instance count in --instances, one after the other: a fresh PostgreSQL database next to --database
// (default NARDY_TEST_PG_URL, else postgres://postgres@127.0.0.1:5432/test; dropped afterwards), a Redis key and
// channel prefix of its own on --redis (default NARDY_TEST_REDIS_URL, else redis://127.0.0.1:6379; REDIS_PREFIX, its
// keys deleted afterwards), that many built instances on free loopback ports (scripts/cluster-lib.mjs), and the same
// players as bench/server.js (bench/load.js): N games in play at once, 2·N guest clients. The clients connect
// round-robin to the instances, so a game's two players are on different instances (with 2 or 3 of them): at least
// one player's commands are forwarded to the game's owner, and lobby commands to the lobby's owner. One instance runs
// without REDIS_URL (the single-instance server on PostgreSQL, the reference) unless --redis-single is given.
//
// Printed with each figure: the load average (1 min) before and after the window (client and servers share the two
// cores: read the figures with it), each instance's CPU and RSS, and how many live games each instance holds at the
// end (its /healthz). Traffic only to 127.0.0.1. Build first (npm run bench:cluster does).
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync, existsSync, mkdirSync, copyFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SERVER_MAIN, startCluster } from '../scripts/cluster-lib.mjs';
import { Load, benchOptions, describeLoad, freePort, sleep, watchProcesses } from './load.js';

const args = process.argv.slice(2);
const {
  opt,
  json,
  games: GAMES,
  durationS: DURATION_S,
  pace,
  rampS: RAMP_S,
  variant: VARIANT,
} = benchOptions(args, {
  games: 300,
  bench: 'bench/cluster.js',
  // On PostgreSQL a game's start (seek, accept: several writes through the lobby's one owner) costs more than on
  // SQLite: the default ramp starts 25 games a second, not 100 (1,000 games in a 10 s ramp queued seeks for 10 s).
  startsPerSecond: 25,
});
const COUNTS = String(opt('instances', '1,2,3')).split(',').map(Number);
const PG_ADMIN = opt('database', process.env.NARDY_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test');
const REDIS = opt('redis', process.env.NARDY_TEST_REDIS_URL || 'redis://127.0.0.1:6379');
const REDIS_SINGLE = args.includes('--redis-single');
const LOG_LEVEL = opt('log-level', 'warn');
const KEEP_LOGS = opt('keep-logs', null); // copy each instance's output here (cluster-<n>-<id>.log)
if (!COUNTS.every((n) => Number.isInteger(n) && n >= 1 && n <= 8)) {
  console.error('--instances: a list of instance counts 1..8 (1,2,3)');
  process.exit(2);
}
if (!existsSync(SERVER_MAIN)) {
  console.error(`${SERVER_MAIN} not found: run npm run build`);
  process.exit(2);
}

const hardStop = setTimeout(
  () => {
    console.error('bench: hard time limit reached');
    process.exit(1); // cluster-lib SIGKILLs the instances on the way out
  },
  COUNTS.length * (RAMP_S + DURATION_S + 150) * 1000,
);
hardStop.unref();
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => process.exit(130));

/**
 * Database `url`'s transactions committed (reads included: every statement outside a transaction is one) and rows
 * written so far, from PostgreSQL's statistics (each backend flushes its counts within a second or so).
 */
async function dbCounts(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(
      'select xact_commit::bigint as commits, (tup_inserted + tup_updated + tup_deleted)::bigint as rows from pg_stat_database where datname = current_database()',
    );
    return { commits: Number(r.rows[0].commits), rows: Number(r.rows[0].rows) };
  } finally {
    await c.end();
  }
}

/** PUBLISH commands the Redis server has run so far (all its clients': other users of that Redis count too). */
async function publishes() {
  const r = new Redis(REDIS, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await r.connect();
  try {
    const info = await r.info('commandstats');
    return [...info.matchAll(/^cmdstat_s?publish:calls=(\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
  } finally {
    r.disconnect();
  }
}

async function adminQuery(sql) {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Deletes every key under `prefix` (this run's: nothing else on the Redis is touched). */
async function deleteKeys(prefix) {
  const r = new Redis(REDIS, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await r.connect();
  try {
    let cursor = '0';
    let n = 0;
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) n += await r.unlink(...keys);
    } while (cursor !== '0');
    return n;
  } finally {
    r.disconnect();
  }
}

const perMove = (n, players) => (players.gameAction.count ? Math.round((n / players.gameAction.count) * 100) / 100 : null);
const load1 = () => Math.round(loadavg()[0] * 100) / 100;

/** One run with `n` instances; resolves with its figures. */
async function run(n) {
  const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const dbName = `nardy_bench_${tag}`;
  const dbUrl = new URL(PG_ADMIN);
  dbUrl.pathname = `/${dbName}`;
  const redis = n > 1 || REDIS_SINGLE ? REDIS : null;
  const prefix = `nardy-bench-${tag}:`;
  const dir = mkdtempSync(join(tmpdir(), 'nardy-bench-cluster-'));
  await adminQuery(`create database ${dbName}`);
  /** @type {Awaited<ReturnType<typeof startCluster>>} */
  let instances = [];
  const load = new Load({ pace, variant: VARIANT, client: 'bench-cluster/1' });
  try {
    const ports = [];
    for (let i = 0; i < n; i++) ports.push(await freePort());
    /** @type {Record<string, string | undefined>} */
    const env = {
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: redis ?? undefined,
      REDIS_PREFIX: redis ? prefix : undefined,
      LOG_LEVEL,
      NARDY_DICE_SEED: undefined,
      // Every client is a guest from 127.0.0.1: the guest sessions, sockets and seeks one address may have (shared
      // across the instances in a cluster, so the same figures).
      SIGNUP_BURST: String(2 * GAMES + 10),
      SOCKETS_PER_IP: String(2 * GAMES + 10),
      SEEKS_PER_IP: String(2 * GAMES + 10),
    };
    const logs = new Map();
    try {
      instances = await startCluster({
        ports,
        env,
        output: (id) => {
          const file = join(dir, `${id}.log`);
          const fd = openSync(file, 'w');
          logs.set(id, { file, fd });
          return fd;
        },
      });
    } catch (e) {
      const tails = [...logs].map(([id, l]) => `[${id}]\n${readFileSync(l.file, 'utf8').slice(-1500)}`).join('\n');
      throw new Error(`${e instanceof Error ? e.message : String(e)}\n${tails}`);
    } finally {
      for (const l of logs.values()) closeSync(l.fd);
    }
    const urls = instances.map((x) => `ws://127.0.0.1:${x.port}/ws`);
    const pairs = load.start(GAMES, RAMP_S, (j) => urls[j % n]);
    await sleep(RAMP_S * 1000);
    const loadBefore = load1();
    const [db0, publishes0] = await Promise.all([dbCounts(dbUrl.toString()), redis ? publishes() : 0]);
    load.measure();
    const perInstance = await watchProcesses(
      instances.map((x) => x.pid),
      DURATION_S,
      () => instances.some((x) => x.exit !== null),
    );
    const loadAfter = load1();
    const [db1, publishes1] = await Promise.all([dbCounts(dbUrl.toString()), redis ? publishes() : 0]);
    const health = await Promise.all(
      instances.map((x) =>
        fetch(`${x.url}/healthz`)
          .then((r) => r.json())
          .catch(() => null),
      ),
    );
    const players = await load.finish(pairs);
    load.closeAll();
    const exits = instances.map((x) => x.exit);
    await Promise.all(instances.map((x) => x.stop()));
    if (KEEP_LOGS) {
      mkdirSync(resolve(KEEP_LOGS), { recursive: true });
      for (const [id, l] of logs) copyFileSync(l.file, resolve(KEEP_LOGS, `cluster-${n}-${id}.log`));
    }
    const sum = (k) => Math.round(perInstance.reduce((s, x) => s + (x[k] ?? 0), 0) * 10) / 10;
    return {
      instances: n,
      redis: redis !== null,
      games: GAMES,
      clients: 2 * GAMES,
      loadAverage1m: { before: loadBefore, after: loadAfter },
      ...players,
      // Per move: the window's transactions and rows written in this run's database, and PUBLISHes on the Redis.
      postgresCommitsPerMove: perMove(db1.commits - db0.commits, players),
      postgresRowsWrittenPerMove: perMove(db1.rows - db0.rows, players),
      redisPublishesPerMove: redis ? perMove(publishes1 - publishes0, players) : 0,
      servers: {
        cpuPercentSum: sum('cpuPercentMean'),
        rssMiBSum: sum('rssMiBEnd'),
        each: perInstance.map((x, i) => ({
          id: instances[i].id,
          ...x,
          liveGames: health[i]?.games ?? null,
          connections: health[i]?.connections ?? null,
          exit: exits[i],
        })),
      },
    };
  } finally {
    load.stopping = true;
    load.stopAll();
    load.closeAll();
    await Promise.all(instances.map((x) => x.stop()));
    await adminQuery(`drop database if exists ${dbName} with (force)`).catch((e) => console.error(`bench: drop database ${dbName}: ${e.message}`));
    if (redis) await deleteKeys(prefix).catch((e) => console.error(`bench: deleting the keys ${prefix}*: ${e.message}`));
    rmSync(dir, { recursive: true, force: true });
  }
}

function describe(out) {
  const lines = [
    `${out.instances} instance(s), ${out.redis ? 'PostgreSQL + Redis (cluster)' : 'PostgreSQL, no Redis (the single-instance reference)'}: ` +
      `${out.games} games (${out.clients} clients${out.instances > 1 ? ', round-robin over the instances: commands for a game or the lobby another instance owns are forwarded' : ''})`,
    `  MOVES/S ${out.movesPerSecond}, move p99 ${out.gameAction.p99 ?? '— (no move answered)'} ms — load average (1 min) ${out.loadAverage1m.before} before, ${out.loadAverage1m.after} after the ${out.durationS} s window`,
    `  per move: PostgreSQL ${out.postgresCommitsPerMove} transactions (reads included) and ${out.postgresRowsWrittenPerMove} rows written (this run's database); ` +
      `Redis ${out.redisPublishesPerMove} PUBLISHes (the whole Redis: its other users count too)`,
    `  sockets open at end ${out.socketsOpenAtEnd}/${out.clients}; games started ${out.gamesStarted}, completed ${out.gamesCompleted} (${out.gamesCompletedInWindow} in the window)`,
    ...describeLoad(out),
    `  servers: CPU ${out.servers.cpuPercentSum} % together (100 % = one core), RSS ${out.servers.rssMiBSum} MiB together`,
  ];
  for (const x of out.servers.each)
    lines.push(
      `    ${x.id}: CPU ${x.cpuPercentMean} % (p95 ${x.cpuPercentP95} %), RSS ${x.rssMiBEnd} MiB, live games ${x.liveGames}, sockets ${x.connections}${x.exit ? `, EXITED ${JSON.stringify(x.exit)}` : ''}`,
    );
  return lines;
}

const results = [];
try {
  for (const n of COUNTS) {
    const out = await run(n);
    results.push(out);
    if (!json) console.log(describe(out).join('\n'));
  }
  if (json) console.log(JSON.stringify({ paceMs: pace, variant: VARIANT, rampS: RAMP_S, runs: results }));
  else if (results.length > 1) {
    console.log('\ninstances | moves/s | move p50 / p99 / max (ms) | servers CPU | load avg before → after');
    for (const r of results)
      console.log(
        `${r.instances}${r.redis ? '' : ' (no Redis)'} | ${r.movesPerSecond} | ${r.gameAction.count ? `${r.gameAction.p50} / ${r.gameAction.p99} / ${r.gameAction.max}` : '—'} | ${r.servers.cpuPercentSum} % | ${r.loadAverage1m.before} → ${r.loadAverage1m.after}`,
      );
  }
} catch (e) {
  console.error(`bench: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  clearTimeout(hardStop);
}
process.exit(process.exitCode ?? 0);
