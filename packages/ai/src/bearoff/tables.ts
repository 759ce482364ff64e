import type { Result } from '@nardy/engine';
import { dataSource, readData, type DataSource } from '../data-source.js';
import { decodeOneSided, decodeTwoSided, type BearOffFileError, type OneSidedTable, type TwoSidedTable } from './file-format.js';
import { MAX_HOME_CHECKERS, positionCount } from './position-number.js';

/** The generated tables' package folder, `data/` (made by `scripts/make-bearoff.mjs`), and their files. */
export const BEAROFF_DATA = 'data/';
export const ONE_SIDED_FILE = 'bearoff-os.bin';
export const TWO_SIDED_FILE = 'bearoff-ts.bin';

/**
 * Decodes one table file's bytes; throws with the file (`where`) and the reason when it is corrupt (a broken
 * install must fail loudly, not play bear-offs from garbage).
 */
export function decodeTable<T>(bytes: Uint8Array, where: string, decode: (bytes: Uint8Array) => Result<T, BearOffFileError>): T {
  const decoded = decode(bytes);
  if (!decoded.ok) throw new Error(`bear-off table ${where}: ${decoded.error.message}; remake it with \`node packages/ai/scripts/make-bearoff.mjs --force\``);
  return decoded.value;
}

/** Reads and decodes the table `file` from the data source. */
export function readTable<T>(file: string, decode: (bytes: Uint8Array) => Result<T, BearOffFileError>, source: DataSource = dataSource()): T {
  const name = BEAROFF_DATA + file;
  const fix = 'make it with `npm run build` or `node packages/ai/scripts/make-bearoff.mjs`';
  return decodeTable(readData(name, 'the bear-off table', fix, source), name, decode);
}

let oneSided: OneSidedTable | undefined;
let twoSided: TwoSidedTable | undefined;

/** The one-sided table of all 15 checkers, read on first use. */
export function oneSidedTable(): OneSidedTable {
  if (!oneSided) {
    const table = readTable(ONE_SIDED_FILE, decodeOneSided);
    if (table.count !== positionCount(MAX_HOME_CHECKERS))
      throw new Error(`bear-off table ${BEAROFF_DATA + ONE_SIDED_FILE}: ${table.count} positions, expected ${positionCount(MAX_HOME_CHECKERS)}`);
    oneSided = table;
  }
  return oneSided;
}

/** The two-sided table, read on first use. */
export function twoSidedTable(): TwoSidedTable {
  twoSided ??= readTable(TWO_SIDED_FILE, decodeTwoSided);
  return twoSided;
}
