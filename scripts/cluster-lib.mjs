// Built server instances as child processes: several on consecutive (or given) ports for a local cluster. Used by
// scripts/cluster.mjs (local trials), bench/cluster.js and the multi-instance test suite (types: cluster-lib.d.mts).
//
// An instance is `node packages/server/dist/main.js` with PORT, HOST (127.0.0.1 unless set) and whatever else its
// `env` says over this process's environment; it is up when its /healthz answers 200 (the database is there and it
// is not draining). Every instance still running when this process exits is SIGKILLed: none is ever left behind.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const SERVER_MAIN = fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
process.on('exit', () => {
  for (const c of running) c.kill('SIGKILL');
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts one instance; resolves nothing, it only spawns (wait with `waitHealthy`). `output`: 'inherit' (the default),
 * 'ignore', a file descriptor, or a function given each line of its stdout and stderr (to prefix them).
 * @param {{ port: number, env?: Record<string, string | undefined>, output?: 'inherit' | 'ignore' | number | ((line: string) => void), nodeArgs?: string[] }} options
 */
export function startInstance({ port, env = {}, output = 'inherit', nodeArgs = [] }) {
  const piped = typeof output === 'function';
  /** @type {NodeJS.ProcessEnv} */
  const childEnv = { ...process.env, HOST: '127.0.0.1', ...env, PORT: String(port) };
  for (const [k, v] of Object.entries(childEnv)) if (v === undefined) delete childEnv[k];
  const stdio = piped ? 'pipe' : output;
  const child = spawn(process.execPath, [...nodeArgs, SERVER_MAIN], { cwd: ROOT, env: childEnv, stdio: ['ignore', stdio, stdio] });
  running.add(child);
  if (piped) for (const s of [child.stdout, child.stderr]) if (s) createInterface({ input: s }).on('line', output);
  /** @type {{ code: number | null, signal: NodeJS.Signals | null } | null} */
  let exit = null;
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      exit = { code, signal };
      resolve(exit);
    }),
  );
  return {
    port,
    pid: /** @type {number} */ (child.pid),
    url: `http://127.0.0.1:${port}`,
    exited,
    /** The exit once it has happened (null while running). */
    get exit() {
      return exit;
    },
    /** @param {NodeJS.Signals} [signal] */
    kill(signal = 'SIGTERM') {
      if (exit === null) child.kill(signal);
    },
    /** A graceful stop (SIGINT: in-flight commands answered, writes finished), SIGKILL after `graceMs`. */
    async stop(graceMs = 20_000) {
      if (exit !== null) return exit;
      child.kill('SIGINT');
      const late = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const e = await exited;
      clearTimeout(late);
      return e;
    },
  };
}

/**
 * Resolves once http://127.0.0.1:port/healthz answers 200; rejects after `timeoutMs`, or at once if `exited` (an
 * instance's) settles first.
 * @param {number} port
 * @param {{ timeoutMs?: number | undefined, exited?: Promise<unknown> }} [options]
 */
export async function waitHealthy(port, { timeoutMs = 30_000, exited } = {}) {
  let gone = false;
  void exited?.then(() => (gone = true));
  const end = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < end) {
    if (gone) throw new Error(`the instance on port ${port} exited before it was healthy`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (r.status === 200) return;
      last = `${r.status} ${await r.text()}`;
    } catch (e) {
      last = e instanceof Error ? e.message : String(e);
    }
    await sleep(100);
  }
  throw new Error(`the instance on port ${port} was not healthy within ${timeoutMs} ms (last: ${last})`);
}

/**
 * Starts one instance per port, all at once (migrations hold a lock), each with INSTANCE_ID `ids[i]` (i1, i2, … unless
 * given) and `env(i)` over `env`; resolves once every one is healthy. If one fails, all are killed and it rejects.
 * @param {{ ports: number[], env?: Record<string, string | undefined>, ids?: string[], output?: (id: string) => 'inherit' | 'ignore' | number | ((line: string) => void), nodeArgs?: string[], timeoutMs?: number }} options
 */
export async function startCluster({ ports, env = {}, ids = ports.map((_, i) => `i${i + 1}`), output = () => 'inherit', nodeArgs = [], timeoutMs }) {
  const instances = ports.map((port, i) =>
    Object.assign(startInstance({ port, env: { ...env, INSTANCE_ID: ids[i] }, output: output(ids[i]), nodeArgs }), { id: ids[i] }),
  );
  try {
    await Promise.all(instances.map((x) => waitHealthy(x.port, { timeoutMs, exited: x.exited })));
  } catch (e) {
    for (const x of instances) x.kill('SIGKILL');
    throw e;
  }
  return instances;
}
