import { appendFileSync, readFileSync } from 'node:fs';
import { opposite, seededRng, startPosition, winnerOf, type Position, type VariantId } from '@nardy/engine';
import type { Probabilities } from '../probabilities.js';
import { greedyTurn, throwDice, type PositionValuer } from './td.js';

/** One labelled position: the side on roll's and the opponent's checkers, and the five numbers it should get. */
export interface Labelled {
  readonly me: readonly number[];
  readonly them: readonly number[];
  readonly label: readonly number[];
}

/**
 * Labels positions from the player's own 0-ply self-play (every other position of each game, so that the
 * games are not dominated by near-twins), `count` of them, seeded: the same seed gives the same positions.
 * `onLabelled` sees each as soon as it is labelled (a shard file is written as it goes, so a long run killed
 * part-way keeps what it did).
 */
export async function labelSelfPlay(
  variant: VariantId,
  player: PositionValuer,
  label: (pos: Position, index: number) => Probabilities | Promise<Probabilities>,
  count: number,
  seed: number,
  onLabelled: (d: Labelled) => void,
): Promise<number> {
  const rng = seededRng(seed);
  let done = 0;
  while (done < count) {
    let pos: Position = startPosition(variant, rng() < 0.5 ? 'white' : 'black');
    for (let ply = 0; !winnerOf(pos) && done < count; ply++) {
      if (ply % 2 === 1) {
        const p = await label(pos, done);
        onLabelled({ me: [...pos.board[pos.turn]], them: [...pos.board[opposite(pos.turn)]], label: [p.win, p.winMars, p.winKoks, p.loseMars, p.loseKoks] });
        done++;
      }
      pos = greedyTurn(player, pos, throwDice(rng)).after;
    }
  }
  return done;
}

/** Appends labelled positions to a JSON-lines shard in batches (`flush` writes the rest). */
export function shardWriter(file: string, batch = 200): { add: (d: Labelled) => void; flush: () => void } {
  let lines: string[] = [];
  const flush = (): void => {
    if (lines.length > 0) appendFileSync(file, lines.join(''));
    lines = [];
  };
  return {
    add: (d) => {
      lines.push(`${JSON.stringify(d)}\n`);
      if (lines.length >= batch) flush();
    },
    flush,
  };
}

/** Reads shards written by `shardWriter`; a malformed line stops the run with its file and line number. */
export function readShards(files: readonly string[]): Labelled[] {
  const data: Labelled[] = [];
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    // A shard whose writer was killed mid-batch may end in a partial line: that line was never complete, so drop it.
    lines.pop();
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      let d: Labelled;
      try {
        d = JSON.parse(line) as Labelled;
      } catch {
        throw new Error(`${file}:${i + 1}: not JSON`);
      }
      if (!Array.isArray(d.me) || !Array.isArray(d.them) || !Array.isArray(d.label) || d.label.length !== 5) throw new Error(`${file}:${i + 1}: not a labelled position`);
      data.push(d);
    });
  }
  return data;
}
