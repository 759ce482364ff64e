/** The server's storage: one Store interface and its one implementation, on SQLite or PostgreSQL (Kysely). */
export * from './types.js';
export { openDatabase, DEFAULT_DATABASE_URL, type Database, type Dialect, type OpenOptions } from './database.js';
export { migrateToLatest, type MigrateOptions } from './migrations.js';
export { KyselyStore, openStore } from './kysely-store.js';
export { classifyError } from './errors.js';
export { KyselyCluster } from './cluster.js';
