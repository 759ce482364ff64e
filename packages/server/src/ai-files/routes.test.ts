import { DATA_FILES } from '@nardy/ai';
import { afterEach, describe, expect, it } from 'vitest';
import { world, type World } from '../games/kit.suite.js';
import { AI_FILES_PREFIX } from './routes.js';

/** The analysis board's engine in the browser loads the same files as the server's: every one is served, nothing else. */
describe('GET /api/ai/files/*', () => {
  let w: World | null = null;
  afterEach(async () => {
    await w?.close();
    w = null;
  });

  it('serves every data file of @nardy/ai, with an ETag that answers 304', async () => {
    w = await world();
    for (const name of DATA_FILES) {
      const r = await w.app.http.inject({ method: 'GET', url: `${AI_FILES_PREFIX}${name}` });
      expect(r.statusCode, name).toBe(200);
      expect(r.rawPayload.byteLength, name).toBeGreaterThan(0);
      expect(r.headers['cache-control']).toContain('must-revalidate');
      const again = await w.app.http.inject({ method: 'GET', url: `${AI_FILES_PREFIX}${name}`, headers: { 'if-none-match': String(r.headers['etag']) } });
      expect(again.statusCode, name).toBe(304);
    }
    const wasm = await w.app.http.inject({ method: 'GET', url: `${AI_FILES_PREFIX}${DATA_FILES.find((n) => n.endsWith('.wasm'))}` });
    expect(wasm.headers['content-type']).toBe('application/wasm');
  });

  it('serves nothing else of the package', async () => {
    w = await world();
    for (const name of ['package.json', '../server/package.json', 'weights/../package.json', 'src/index.ts']) {
      const r = await w.app.http.inject({ method: 'GET', url: `${AI_FILES_PREFIX}${name}` });
      expect(r.statusCode, name).toBe(404);
    }
  });
});
