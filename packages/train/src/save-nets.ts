import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { encodeNet, type NetFamily, type NetSet } from '@nardy/ai/lab';

/**
 * Writes a family's nets into `dir` (a file URL ending in "/"), each through a temporary file and a rename, so
 * a reader (a bot starting, a trainer resuming) never sees half a file.
 */
export function saveNets(family: NetFamily, nets: NetSet, dir: URL, training: (cls: string) => Record<string, unknown>): void {
  mkdirSync(dir, { recursive: true });
  for (const cls of family.classes) {
    const name = family.file(cls);
    const tmp = new URL(`${name}.tmp`, dir);
    writeFileSync(tmp, encodeNet(nets[cls]!, { encoding: family.encoding, name: `${family.variant}/${cls}`, training: training(cls) }));
    renameSync(tmp, new URL(name, dir));
  }
}
