import { mkdirSync, writeFileSync } from 'node:fs';
import { decodeOneSided, decodeTwoSided, encodeOneSided, encodeTwoSided } from './file-format.js';
import { MAX_HOME_CHECKERS, positionCount } from './position-number.js';
import { solveOneSided, solveTwoSided } from './solve.js';
import { BEAROFF_DIR, ONE_SIDED_FILE, readTable, TWO_SIDED_FILE } from './tables.js';

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
  const dir = options.dir ?? BEAROFF_DIR;
  const twoSidedCheckers = options.twoSidedCheckers ?? 6;
  const sizeWanted = (checkers: number): boolean => options.twoSidedCheckers === undefined || checkers === options.twoSidedCheckers;
  mkdirSync(dir, { recursive: true });
  const valid = (file: string, test: (url: URL) => boolean): boolean => {
    try {
      return test(new URL(file, dir));
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
      valid(ONE_SIDED_FILE, (url) => readTable(url, decodeOneSided).count === positionCount(MAX_HOME_CHECKERS)),
      () => encodeOneSided(solveOneSided(MAX_HOME_CHECKERS), (n) => n >= allOnBoard),
    ),
    make(
      TWO_SIDED_FILE,
      valid(TWO_SIDED_FILE, (url) => sizeWanted(readTable(url, decodeTwoSided).checkers)),
      () => encodeTwoSided(twoSidedCheckers, solveTwoSided(twoSidedCheckers)),
    ),
  ];
}
