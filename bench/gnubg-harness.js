// What the gnubg benches share: their command-line options and a runner for the referee's scripts
// (../shared/tools/gnubg, JSON lines in and out).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  boardKey,
  legalTurns,
  makeGnubgPositionId,
  parseGnubgPositionId,
  passTurn,
  seededRng,
  startPosition,
  winnerOf,
} from '../packages/engine/dist/index.js';
import '../packages/ai/dist/node/install.js';
import { chooseTurn } from '../packages/ai/dist/choose.js';
import { backGameStart } from '../packages/train/dist/back-game-starts.js';

export const args = process.argv.slice(2);

export const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};

/** `--match N`: the match length to draw scores for (`drawMatchCubes`); 0, money play, without it. */
export function matchOption() {
  const n = Number(opt('match', 0));
  if (!Number.isInteger(n) || n < 0) throw new Error('--match: a match length');
  return n;
}

/**
 * A match context for each position, drawn from `--seed`, as the side on roll sees it (`PlayCube`, set as
 * `item.cube`): each side 1 to N away; with exactly one side 1-away the Crawford game or a game after it, half and
 * half; a centred cube, or else (not in the Crawford game) a 2-cube, owned after Crawford by the side 1-away (the
 * trailer doubled), before it by either side. `forCube`: contexts where the side on roll may double: no Crawford
 * game, and before Crawford a 2-cube only on its own side.
 */
export function drawMatchCubes(items, n, { forCube = false } = {}) {
  const rng = seededRng(Number(opt('seed', 1)) + 7919);
  const draw = (k) => 1 + Math.floor(rng() * k);
  for (const item of items) {
    const away = { onRoll: draw(n), opponent: draw(n) };
    const oneAway = (away.onRoll === 1) !== (away.opponent === 1);
    const stage =
      away.onRoll === 1 && away.opponent === 1
        ? 'postCrawford'
        : oneAway
          ? forCube
            ? 'postCrawford'
            : rng() < 0.5
              ? 'crawford'
              : 'postCrawford'
          : 'preCrawford';
    const doubled = stage !== 'crawford' && !(forCube && stage === 'postCrawford') && rng() < 0.5;
    const owner = !doubled
      ? 'centred'
      : stage === 'postCrawford'
        ? away.onRoll === 1
          ? 'onRoll'
          : 'opponent'
        : forCube || rng() < 0.5
          ? 'onRoll'
          : 'opponent';
    item.cube = { value: doubled ? 2 : 1, owner, away, stage };
  }
}

/** The referee's script that judges a play or a cube action: evaluate.py for money, ours at a match score. */
export const judgeScript = (matchTo) => (matchTo > 0 ? fileURLToPath(new URL('gnubg-match-play.py', import.meta.url)) : 'evaluate.py');

/** `--NAME centred`: a centred money cube for `chooseTurn`'s `cube` (cubeful chequer play); otherwise none. */
/** @type {(name: string) => import('../packages/ai/dist/cubeful-play.js').PlayCube | undefined} */
export const cubeOption = (name) => (opt(name, '') === 'centred' ? { value: 1, owner: 'centred' } : undefined);

const gnubgDir = fileURLToPath(new URL('../../shared/tools/gnubg/', import.meta.url));

/** Runs `./gnubg-py script args` with `requests` (objects, none by default) on stdin as JSON lines; its output lines parsed as JSON. */
export const runGnubg = (script, scriptArgs, requests = []) =>
  execFileSync('./gnubg-py', [script, ...scriptArgs], { cwd: gnubgDir, input: requests.map((r) => JSON.stringify(r)).join('\n') + '\n', maxBuffer: 1 << 28 })
    .toString()
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

/**
 * The bench's positions: from `--positions FILE[,FILE…]` (JSON lines as written by `--save-positions`; the first n
 * lines of the files in turn), or generated from `source` (then written to `--save-positions FILE` if given). Our
 * own games change with the nets, so comparing two sets of nets on the same positions needs them saved once and
 * read back.
 */
export function benchPositions(source, n, seed) {
  const from = opt('positions', '');
  if (from) {
    const lines = from.split(',').flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ file, line, i }))
        .filter(({ line }) => line),
    );
    return lines.slice(0, n).map(({ file, line, i }) => {
      try {
        return JSON.parse(line);
      } catch {
        throw new Error(`${file}:${i + 1}: not JSON`);
      }
    });
  }
  if (!['random', 'self', 'back-game'].includes(source)) throw new Error(`--source: random, self or back-game; not ${source}`);
  const out = source === 'random' ? randomPlayPositions(n, seed) : selfPlayPositions(n, seed, source === 'back-game' ? backGameStart : undefined);
  const save = opt('save-positions', '');
  if (save) writeFileSync(save, out.map((p) => JSON.stringify(p)).join('\n') + '\n');
  return out;
}

/** Positions met while gnubg's two random players play legal moves (gen_positions.py, game mix). */
export const randomPlayPositions = (n, seed) => runGnubg('gen_positions.py', ['--n', String(n), '--mix', '1,0,0', '--seed', String(seed)]);

/**
 * Positions from our bot's own games (both sides `expert`, seeded), every third one until n, each with the throw
 * that came there: the kind of positions real games reach. With `start` (`--source back-game`: `backGameStart`)
 * the games begin from the positions it draws instead of the opening.
 */
export function selfPlayPositions(n, seed, start = (rng) => startPosition('short', rng() < 0.5 ? 'white' : 'black')) {
  const rng = seededRng(seed);
  const out = [];
  for (let game = 0; out.length < n; game++) {
    let pos = start(rng);
    for (let ply = 0; !winnerOf(pos) && out.length < n; ply++) {
      const dice = /** @type {import('../packages/engine/dist/index.js').Dice} */ ([1 + Math.floor(rng() * 6), 1 + Math.floor(rng() * 6)]);
      if (ply % 3 === 1) out.push({ id: `${game}.${ply}`, pos: makeGnubgPositionId(pos), dice });
      pos = legalTurns(pos, dice).length ? chooseTurn(pos, dice, { level: 'expert' }).after : passTurn(pos).after;
    }
  }
  return out;
}

/** The gnubg position ID of a turn's result as evaluate.py's `play.after` wants it: the mover still on roll (the input's orientation). */
export const afterId = (position, turn) => makeGnubgPositionId({ ...turn.after, turn: position.turn });

/** How many distinct results the throw's legal turns reach: two or more make a decision (play.py's unforced move). */
export const distinctResults = (position, dice) => new Set(legalTurns(position, dice).map((t) => boardKey(t.after))).size;

/** A bench item's position (its gnubg Position ID, the side on roll as White); throws on a bad ID. */
export function parsePosition(item) {
  const pos = parseGnubgPositionId(item.pos, 'short', 'white');
  if (!pos.ok) throw new Error(`${item.pos}: ${pos.error.message}`);
  return pos.value;
}

/**
 * The bench's positions that come with a throw (`benchPositions`, `--source self` by default): the lines of an
 * error log (`gnubg-error-log.py`) that are not moves are left out.
 */
export const throwPositions = (n, seed) => benchPositions(opt('source', 'self'), n, seed).filter((x) => typeof x.pos === 'string' && Array.isArray(x.dice));

/**
 * Our decision for each position (a gnubg Position ID, the side on roll as White), timed: `decide(position, item)`
 * returns the evaluate.py requests for it (none when there is nothing to judge).
 */
export function decideAll(items, decide) {
  const requests = [];
  let ms = 0;
  for (const item of items) {
    const position = parsePosition(item);
    const t = performance.now();
    const lines = decide(position, item);
    ms += performance.now() - t;
    requests.push(...lines);
  }
  return { requests, msPerPosition: ms / Math.max(1, items.length) };
}
