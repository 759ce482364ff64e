#!/usr/bin/env node
// A local cluster for trials: N built instances on consecutive ports, sharing one PostgreSQL database and Redis.
//
//   node scripts/cluster.mjs --instances 3 --port 3001 --database postgres://postgres@127.0.0.1:5432/nardy --redis redis://127.0.0.1:6379
//
// Instance k (1..N) listens on port + k − 1 with INSTANCE_ID=ik; every other variable (LOG_LEVEL, HOST, limits …)
// comes from this process's environment. Their output is prefixed `[ik] `. Once every /healthz answers 200 it prints
// the URLs; SIGINT/SIGTERM are passed on to every instance and it exits when they have. An instance that dies (a
// `kill -9` for a failover trial) is reported and not restarted: start it again with --instances 1 --port its port
// --id ik. --database and --redis default to DATABASE_URL and REDIS_URL; one instance may run without Redis (then
// without the cluster layer, on any DATABASE_URL), several need a postgres:// database and Redis. Build first: node scripts/build.mjs.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SERVER_MAIN, startCluster } from './cluster-lib.mjs';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '3001' },
    database: { type: 'string', default: process.env.DATABASE_URL },
    redis: { type: 'string', default: process.env.REDIS_URL },
    id: { type: 'string' },
  },
});
const n = Number(values.instances);
const port = Number(values.port);
const fail = (why) => {
  console.error(`cluster: ${why} (see the header of scripts/cluster.mjs)`);
  process.exit(2);
};
if (!Number.isInteger(n) || n < 1 || n > 16) fail('--instances must be 1..16');
if (!Number.isInteger(port) || port < 1 || port + n - 1 > 65535) fail('--port must leave room for the instances below 65536');
if (values.id !== undefined && n !== 1) fail('--id names one instance: use it with --instances 1');
if (n > 1 && !/^postgres(ql)?:\/\//.test(values.database ?? '')) fail('several instances need --database postgres://… (they share it)');
if (n > 1 && !values.redis) fail('several instances need --redis (their messages go through it)');
if (!existsSync(SERVER_MAIN)) fail(`${SERVER_MAIN} not found: run node scripts/build.mjs`);

const ports = Array.from({ length: n }, (_, i) => port + i);
const ids = values.id !== undefined ? [values.id] : ports.map((_, i) => `i${i + 1}`);
const width = Math.max(...ids.map((id) => id.length));
let stopping = false;
/** @type {Awaited<ReturnType<typeof startCluster>>} */
let instances = [];

for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    console.error(`cluster: ${sig}: stopping ${instances.filter((x) => x.exit === null).length} instance(s)`);
    for (const x of instances) x.kill(sig);
  });
}

try {
  instances = await startCluster({
    ports,
    ids,
    env: { DATABASE_URL: values.database, REDIS_URL: values.redis },
    output: (id) => (line) => console.log(`[${id.padEnd(width)}] ${line}`),
  });
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}
for (const x of instances) console.log(`cluster: ${x.id} ${x.url} (pid ${x.pid}) healthy`);
console.log(`cluster: ${n} instance(s) up${values.redis ? '' : ' without Redis'}; Ctrl-C stops them`);

for (const x of instances)
  void x.exited.then((e) => {
    if (!stopping) console.error(`cluster: ${x.id} (port ${x.port}) exited: ${e.signal ?? `code ${e.code}`}; the others go on`);
  });
const exits = await Promise.all(instances.map((x) => x.exited));
process.exit(exits.every((e) => e.code === 0) ? 0 : 1);
