import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL test support. `NARDY_TEST_PG_URL` (e.g. postgres://postgres@127.0.0.1:5432/test) turns the
 * PostgreSQL runs on; without it they are skipped. Every store gets a fresh schema (or, for a spawned server,
 * a fresh database), so runs and tests never see each other's rows. Schemas are dropped when the whole run ends
 * (`pg-global-setup.suite.ts`: a drop while other files run breaks their migrations); databases at once.
 */
export const PG_URL: string | undefined = process.env['NARDY_TEST_PG_URL'] || undefined;

async function adminQuery(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const suffix = (): string => `${process.pid}_${randomBytes(4).toString('hex')}`;

/**
 * A fresh schema on `url` (pass it to `openStore(url, { schema })`), named after the run; `drop` leaves it to the
 * run's teardown, which drops every schema of the run (`pg-global-setup.suite.ts`).
 */
export async function pgSchema(url: string): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `nardy_test_${process.env['NARDY_TEST_PG_RUN'] ?? 'norun'}_${suffix()}`;
  await adminQuery(url, `create schema ${schema}`);
  return { schema, drop: async () => {} };
}

/**
 * A fresh database next to the one in `url`, for a process that takes only a `DATABASE_URL` (the built server):
 * `url` is the new database's URL; `drop` removes it, closing any connection still open to it.
 */
export async function pgDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `nardy_test_${suffix()}`;
  await adminQuery(url, `create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => adminQuery(url, `drop database if exists ${name} with (force)`) };
}
