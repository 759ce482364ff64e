/** What the kill -9 tests share: fresh databases of each kind, signing up and saying hello on the built server. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROTOCOL_VERSION } from '@nardy/protocol';
import { PG_URL, pgDatabase } from '../store/pg.suite.js';
import { WireClient } from './built-server.suite.js';

/** SQLite always; PostgreSQL too when NARDY_TEST_PG_URL is set. */
export const CRASH_KINDS = PG_URL !== undefined ? (['SQLite', 'PostgreSQL'] as const) : (['SQLite'] as const);
export type CrashKind = (typeof CRASH_KINDS)[number];

const cleanups: (() => Promise<void>)[] = [];

/** A fresh, empty database of the kind, as a DATABASE_URL; `dropDatabases` removes it. */
export async function freshDatabase(kind: CrashKind): Promise<string> {
  if (kind === 'PostgreSQL') {
    const d = await pgDatabase(PG_URL!);
    cleanups.push(d.drop);
    return d.url;
  }
  const dir = mkdtempSync(join(tmpdir(), 'nardy-crash-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'nardy.db');
}

/** Removes the databases made so far (after all). */
export async function dropDatabases(): Promise<void> {
  for (const c of cleanups.splice(0)) await c();
}

/** Signs up over HTTP: the session cookie and the user id. */
export async function signUp(url: string, name: string): Promise<{ cookie: string; userId: string }> {
  const r = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'board-game-42' }),
  });
  if (r.status !== 201) throw new Error(`POST /api/register answered ${r.status}: ${await r.text()}`);
  const body = (await r.json()) as { user: { id: string } };
  return { cookie: (r.headers.get('set-cookie') ?? '').split(';')[0]!, userId: body.user.id };
}

/** A socket that said hello. */
export async function hello(url: string, cookie: string): Promise<WireClient> {
  const c = await WireClient.open(url, cookie);
  const r = await c.command({ type: 'hello', protocol: PROTOCOL_VERSION });
  if (r.type !== 'ack') throw new Error(JSON.stringify(r));
  return c;
}
