import { BEAROFF_DATA, ONE_SIDED_FILE, TWO_SIDED_FILE } from './bearoff/tables.js';
import { WEIGHTS } from './net/load.js';
import { LONG_FAMILY } from './net/long-family.js';
import type { NetFamily } from './net/net-evaluator.js';
import { LONG_PRUNE_FAMILY, SHORT_PRUNE_FAMILY } from './net/prune-family.js';
import { SHORT_FAMILY } from './net/short-evaluator.js';
import { KERNEL_FILE } from './net/wasm-mlp.js';

const netFiles = <C extends string>(family: NetFamily<C>): string[] => family.classes.map((c) => WEIGHTS + family.file(c));

/** Every file the runtime may read (package paths), for a host that fetches them up front (`fetchDataSource`). */
export const DATA_FILES: readonly string[] = [
  ...netFiles(SHORT_FAMILY),
  ...netFiles(LONG_FAMILY),
  ...netFiles(SHORT_PRUNE_FAMILY),
  ...netFiles(LONG_PRUNE_FAMILY),
  BEAROFF_DATA + ONE_SIDED_FILE,
  BEAROFF_DATA + TWO_SIDED_FILE,
  KERNEL_FILE,
];
