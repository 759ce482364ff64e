import { createHash } from 'node:crypto';
import { DATA_FILES } from '@nardy/ai';
import { nodeDataSource } from '@nardy/ai/node';
import type { FastifyInstance } from 'fastify';

/** Where the files are served, each under its path in `@nardy/ai` (`weights/short-contact.nnet`, `data/bearoff-os.bin` …). */
export const AI_FILES_PREFIX = '/api/ai/files/';

/**
 * `GET /api/ai/files/<path>`: the engine's data files (`DATA_FILES`: the trained nets, the bear-off tables, the
 * WebAssembly kernel) for the browser's analysis board, which runs `@nardy/ai` in a Web Worker on the same files the
 * server's bots and analysis read (`nodeDataSource`, so `NARDY_WEIGHTS_DIR` applies too). Only those paths are
 * served. Each is read once and kept; an ETag of its content lets browsers keep it and ask again cheaply (a
 * retrained net keeps its name, so the answer is revalidated rather than kept for ever).
 */
export function serveAiFiles(app: FastifyInstance): void {
  const source = nodeDataSource();
  const known = new Set(DATA_FILES);
  const cache = new Map<string, { bytes: Uint8Array; etag: string }>();
  app.get<{ Params: { '*': string } }>(`${AI_FILES_PREFIX}*`, async (request, reply) => {
    const name = request.params['*'];
    if (!known.has(name)) return reply.code(404).send({ error: 'NOT_FOUND' });
    let file = cache.get(name);
    if (!file) {
      const bytes = source.load(name);
      file = { bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
      cache.set(name, file);
    }
    reply.header('etag', file.etag).header('cache-control', 'public, max-age=3600, must-revalidate');
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    return reply
      .type(name.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream')
      .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  });
}
