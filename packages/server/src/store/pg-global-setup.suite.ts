import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * vitest's global setup for the PostgreSQL runs (`vitest.config.ts`): names the run (`NARDY_TEST_PG_RUN`, read by
 * `pg.suite.ts` before the test workers start) and, once every test file is done, drops the run's schemas.
 * Tests never drop schemas while others run: Kysely's introspection (the migrator's look for its own tables)
 * reads every schema in the catalog, and one dropped by another test file meanwhile fails it with
 * "schema … does not exist".
 */
export function setup(): void {
  process.env['NARDY_TEST_PG_RUN'] = randomBytes(3).toString('hex');
}

export async function teardown(): Promise<void> {
  const url = process.env['NARDY_TEST_PG_URL'];
  const run = process.env['NARDY_TEST_PG_RUN'];
  if (!url || !run) return;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ nspname: string }>('select nspname from pg_namespace where nspname like $1', [`nardy_test_${run}_%`]);
    for (const { nspname } of rows) await c.query(`drop schema if exists "${nspname}" cascade`);
  } finally {
    await c.end();
  }
}
