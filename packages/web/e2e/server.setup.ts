/// <reference types="node" />
/**
 * Global setup of the browser suite: the built server (`node packages/server/dist/main.js`, as `npm start` runs it)
 * on a free loopback port, a fresh SQLite file, the fixed test dice seed, no sign-up limit and the built web app;
 * its URL is handed to the test files as `inject('baseUrl')`. Its log goes to test-results/web-e2e/server.log.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ARTIFACTS, REPO } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** The server's test-only dice seed (64 hex): every table's throws come from it and the players' client seeds. */
const DICE_SEED = 'e2e0d1ce'.repeat(8);

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

async function waitHealthy(url: string, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const gone = exited();
    if (gone !== null) throw new Error(`the server exited (${gone}); see ${join(ARTIFACTS, 'server.log')}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer /healthz within 20 s; see ${join(ARTIFACTS, 'server.log')}`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const main = join(REPO, 'packages/server/dist/main.js');
  const web = join(REPO, 'packages/web/dist');
  if (!existsSync(main) || !existsSync(join(web, 'index.html'))) throw new Error('build first: npm run build (npm run test:web does)');
  mkdirSync(ARTIFACTS, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'nardy-web-e2e-'));
  const port = await freePort();
  const log = createWriteStream(join(ARTIFACTS, 'server.log'));
  const child = spawn(process.execPath, [main], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: join(dir, 'nardy.db'),
      NARDY_DICE_SEED: DICE_SEED,
      LOG_LEVEL: 'warn',
      WEB_DIST: web,
      // Every browser context is a first visit that makes a guest session, all from 127.0.0.1.
      SIGNUP_BURST: '100000',
      // The same one address holds every test player's sockets and seeks.
      SOCKETS_PER_IP: '100000',
      SEEKS_PER_IP: '100000',
      // A casual sit-and-go that allows bots fills its field soon (tournament-formats.e2e.ts).
      TOURNAMENT_BOT_FILL_S: '10',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exit: string | null = null;
  child.on('exit', (code, signal) => (exit = `${code ?? signal}`));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(url, () => exit);
  } catch (e) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  project.provide('baseUrl', url);

  return async () => {
    if (exit === null) {
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const slow = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await done;
      clearTimeout(slow);
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
