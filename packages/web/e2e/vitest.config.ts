/// <reference types="node" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The browser suite (`npm run test:web`, after the build): the built server on loopback, Debian's Chromium driven
 * by playwright-core. One server for the run (server.setup.ts), one browser per file, files one after another.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    include: ['packages/web/e2e/**/*.e2e.ts'],
    globalSetup: ['packages/web/e2e/server.setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
