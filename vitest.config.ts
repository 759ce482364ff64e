import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import workspace packages from source, so `npm test` never runs against stale builds.
export default defineConfig({
  resolve: {
    alias: {
      '@nardy/engine/testing': fileURLToPath(new URL('./packages/engine/src/testing/index.ts', import.meta.url)),
      '@nardy/engine': fileURLToPath(new URL('./packages/engine/src/index.ts', import.meta.url)),
      '@nardy/protocol': fileURLToPath(new URL('./packages/protocol/src/index.ts', import.meta.url)),
      '@nardy/ai/node': fileURLToPath(new URL('./packages/ai/src/node/index.ts', import.meta.url)),
      '@nardy/ai/yardstick': fileURLToPath(new URL('./packages/ai/src/yardstick.ts', import.meta.url)),
      '@nardy/ai/lab': fileURLToPath(new URL('./packages/ai/src/lab.ts', import.meta.url)),
      '@nardy/ai': fileURLToPath(new URL('./packages/ai/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'test/**/*.test.ts', 'eslint.config.test.ts'],
    // Names the PostgreSQL run and drops its schemas at the end (see the file).
    globalSetup: ['./packages/server/src/store/pg-global-setup.suite.ts'],
    // @nardy/ai reads its nets and tables through a data source: tests read them from disk, as Node entries do.
    setupFiles: ['./packages/ai/src/node/install.ts'],
    pool: 'threads',
    // Both cores: the long property suites (random games per variant) run side by side.
    maxWorkers: 2,
    // Timeouts catch hangs, not slowness: a property test that takes 1 s alone can take 5 s on a busy 2-core machine.
    testTimeout: 30_000,
  },
});
