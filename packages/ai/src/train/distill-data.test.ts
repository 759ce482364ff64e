import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Position } from '@nardy/engine';
import { staticEvaluator } from '../evaluator.js';
import type { Probabilities } from '../probabilities.js';
import { labelSelfPlay, readShards, shardWriter, type Labelled } from './distill-data.js';

const even: Probabilities = { win: 0.5, winMars: 0.1, winKoks: 0, loseMars: 0.1, loseKoks: 0 };
const collect = async (seed: number, n: number): Promise<Labelled[]> => {
  const got: Labelled[] = [];
  await labelSelfPlay('short', { evaluate: staticEvaluator('short') }, () => even, n, seed, (d) => got.push(d));
  return got;
};

describe('distillation data (distill-data.ts)', () => {
  it('labels positions of self-play, the same ones for the same seed, each a whole position with its label', async () => {
    const a = await collect(3, 150);
    expect(a).toHaveLength(150);
    expect(await collect(3, 150)).toEqual(a);
    expect(await collect(4, 150)).not.toEqual(a);
    for (const d of a) {
      expect(d.me.reduce((s, n) => s + n, 0)).toBe(15);
      expect(d.them.reduce((s, n) => s + n, 0)).toBe(15);
      expect(d.label).toEqual([0.5, 0.1, 0, 0.1, 0]);
    }
  });

  it('passes the labeller each position with a running index', async () => {
    const seen: number[] = [];
    await labelSelfPlay('short', { evaluate: staticEvaluator('short') }, (_p: Position, i) => (seen.push(i), even), 5, 1, () => {});
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });

  it('writes shards that read back, drops a partial last line (a killed writer), and names a corrupt line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nardy-distill-'));
    const file = join(dir, 'a.jsonl');
    const data = await collect(5, 7);
    const w = shardWriter(file, 3);
    data.forEach(w.add);
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(7); // two batches of 3 written so far
    w.flush();
    expect(readShards([file])).toEqual(data);

    writeFileSync(file, `${readFileSync(file, 'utf8')}{"me":[0,`);
    expect(readShards([file])).toEqual(data);

    const bad = join(dir, 'b.jsonl');
    writeFileSync(bad, `${JSON.stringify(data[0])}\n{"me":1}\n`);
    expect(() => readShards([bad])).toThrow(`${bad}:2: not a labelled position`);
    writeFileSync(bad, `${JSON.stringify(data[0])}\nnope\n`);
    expect(() => readShards([bad])).toThrow(`${bad}:2: not JSON`);
  });
});
