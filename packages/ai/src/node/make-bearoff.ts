import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { decodeOneSided, decodeTwoSided, encodeOneSided, encodeTwoSided } from '../bearoff/file-format.js';
import { MAX_HOME_CHECKERS, positionCount } from '../bearoff/position-number.js';
import { solveOneSided, solveTwoSided } from '../bearoff/solve.js';
import { BEAROFF_DATA, decodeTable, ONE_SIDED_FILE, TWO_SIDED_FILE } from '../bearoff/tables.js';
import { PACKAGE_DIR } from './files.js';

export interface MadeTable {
  readonly file: string;
  readonly bytes: number;
  /** Milliseconds spent solving and encoding; 0 when a valid file was kept. */
  readonly ms: number;
  readonly kept: boolean;
}

export interface MakeOptions {
  /** Output folder; default the package's `data/`. */
  readonly dir?: URL;
  /**
   * The two-sided table covers every pair of positions with at most this many checkers. Unset: keep a valid
   * table of any size, else make one of 6 (gnubg's default size too).
   */
  readonly twoSidedCheckers?: number;
  /** Remake files that already exist and decode (default: keep them). */
  readonly force?: boolean;
}

/**
 * Writes the one-sided table (all 15 checkers) and the two-sided table. A file that already decodes cleanly
 * (and, two-sided, has the size asked for, if any) is kept unless `force`, so a build after the first costs nothing.
 */
export function makeBearOffTables(options: MakeOptions = {}): MadeTable[] {
  const dir = options.dir ?? new URL(BEAROFF_DATA, PACKAGE_DIR);
  const twoSidedCheckers = options.twoSidedCheckers ?? 6;
  const sizeWanted = (checkers: number): boolean => options.twoSidedCheckers === undefined || checkers === options.twoSidedCheckers;
  mkdirSync(dir, { recursive: true });
  const valid = (file: string, test: (bytes: Uint8Array, where: string) => boolean): boolean => {
    try {
      const url = new URL(file, dir);
      return test(readFileSync(url), url.pathname);
    } catch {
      return false;
    }
  };
  const make = (file: string, keep: boolean, encode: () => Uint8Array): MadeTable => {
    if (keep && !options.force) return { file, bytes: 0, ms: 0, kept: true };
    const start = performance.now();
    const bytes = encode();
    writeFileSync(new URL(file, dir), bytes);
    return { file, bytes: bytes.length, ms: Math.round(performance.now() - start), kept: false };
  };
  // Positions with all 15 on the board are the last numbers (everything with ≤ 14 comes first).
  const allOnBoard = positionCount(MAX_HOME_CHECKERS - 1);
  return [
    make(
      ONE_SIDED_FILE,
      valid(ONE_SIDED_FILE, (bytes, where) => decodeTable(bytes, where, decodeOneSided).count === positionCount(MAX_HOME_CHECKERS)),
      () => encodeOneSided(solveOneSided(MAX_HOME_CHECKERS), (n) => n >= allOnBoard),
    ),
    make(
      TWO_SIDED_FILE,
      valid(TWO_SIDED_FILE, (bytes, where) => sizeWanted(decodeTable(bytes, where, decodeTwoSided).checkers)),
      () => encodeTwoSided(twoSidedCheckers, solveTwoSided(twoSidedCheckers)),
    ),
  ];
}
