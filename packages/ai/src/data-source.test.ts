import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomPlayPosition } from '@nardy/engine/testing';
import { DATA_FILES } from './data-files.js';
import { bytesSource, dataSource, fetchDataSource, readData } from './data-source.js';

describe('data sources', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('DATA_FILES names every file the runtime reads, and the Node source has each', () => {
    expect(DATA_FILES).toEqual(
      expect.arrayContaining([
        'weights/short-contact.nnet',
        'weights/long-race.nnet',
        'weights/short-prune.nnet',
        'data/bearoff-os.bin',
        'data/bearoff-ts.bin',
        'src/net/wasm-mlp.wasm',
      ]),
    );
    for (const name of DATA_FILES) expect(dataSource().load(name).length).toBeGreaterThan(0);
  });

  it('bytesSource hands over the bytes it was given and refuses others, naming them', () => {
    const bytes = Uint8Array.from([1, 2, 3]);
    const source = bytesSource({ 'data/x.bin': bytes }, { wasm: false });
    expect(source.load('data/x.bin')).toBe(bytes);
    expect(source.wasm).toBe(false);
    expect(() => readData('data/y.bin', 'the table', 'make it', source)).toThrow(
      /cannot read the table data\/y\.bin \(data\/y\.bin was not given to bytesSource\); make it/,
    );
  });

  it('fetchDataSource fetches every name under its base and serves the same bytes as the Node source', async () => {
    const node = dataSource();
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: URL) => {
      fetched.push(url.href);
      const name = url.href.replace('https://example.test/ai/', '');
      return new Response(node.load(name));
    });
    const source = await fetchDataSource('https://example.test/ai/', DATA_FILES);
    expect(fetched).toEqual(DATA_FILES.map((name) => `https://example.test/ai/${name}`));
    for (const name of DATA_FILES) expect(Buffer.compare(source.load(name), node.load(name)), name).toBe(0);
  });

  it('fetchDataSource rejects when a file is not served', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 404, statusText: 'Not Found' }));
    await expect(fetchDataSource('https://example.test/ai/', ['weights/short-race.nnet'])).rejects.toThrow(
      /cannot fetch https:\/\/example\.test\/ai\/weights\/short-race\.nnet: 404/,
    );
  });

  it('a runtime fed bytes evaluates exactly as one reading the files in Node', async () => {
    const position = randomPlayPosition('short', 5, { plies: 12 });
    const here = (await import('./evaluator.js')).staticEvaluator('short')(position);
    const files = Object.fromEntries(DATA_FILES.map((name) => [name, dataSource().load(name)]));
    vi.resetModules();
    (await import('./data-source.js')).setDataSource(bytesSource(files));
    expect((await import('./evaluator.js')).staticEvaluator('short')(position)).toEqual(here);
  });

  it('a runtime with no source installed says how to install one', async () => {
    vi.resetModules();
    const fresh = await import('./evaluator.js');
    expect(() => fresh.staticEvaluator('short')(randomPlayPosition('short', 3, { plies: 8 }))).toThrow(
      /no data source: call useNodeData\(\) from '@nardy\/ai\/node'/,
    );
  });
});
