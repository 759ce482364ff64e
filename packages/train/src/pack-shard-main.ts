/**
 * Packs label shards for keeping in the repository (`packShard`): each shard of `--in` (comma-separated; a killed
 * writer's partial last line is dropped, a corrupt line stops the run before anything is written) becomes its own
 * `<name>.br` in `--out-dir`, which `distill-main --data` reads as it reads the shard. The labels of each 2-ply
 * round are kept this way, so that later rounds can learn from all of them (the student is short of data:
 * bench/RESULTS.md, "A sixth 2-ply round").
 *
 *   npm run train -- pack-shard --in /work/dist/c141.jsonl,/work/dist/c142.jsonl --out-dir packages/train/training/labels
 */
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { packShard, readShards } from './distill-data.js';
import { stringArg } from './args.js';

const inputs = stringArg('in', '').split(',').filter(Boolean);
const outDir = stringArg('out-dir', '');
if (inputs.length === 0 || !outDir) throw new Error('usage: pack-shard-main.js --in SHARD[,SHARD…] --out-dir DIR');
const shards = inputs.map((file) => ({ file, data: readShards([file]) }));
for (const { file, data } of shards) {
  const out = join(outDir, `${basename(file)}.br`);
  const packed = packShard(data);
  writeFileSync(out, packed);
  console.log(`${file}: ${data.length} positions → ${out} (${packed.length} bytes)`);
}
