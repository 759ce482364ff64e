import { describe, expect, test } from 'vitest';
import { renderBoard } from './debug.js';
import { parsePlainBoard } from './notation/plain-board.js';
import { mirror, startPosition, type Position } from './position.js';
import { VARIANTS } from './variants/registry.js';
import type { Dice } from './types.js';

const golden = (name: string): string => `./__snapshots__/debug/${name}.txt`;

function plain(json: unknown): { position: Position; dice: Dice | undefined } {
  const r = parsePlainBoard(json);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('renderBoard: start positions', () => {
  for (const v of VARIANTS) {
    test(`${v.id}, White on roll`, async () => {
      await expect(renderBoard(startPosition(v.id))).toMatchFileSnapshot(golden(`start-${v.id}-white`));
    });
    test(`${v.id}, Black on roll with dice`, async () => {
      await expect(renderBoard(startPosition(v.id, 'black'), { dice: [6, 5] })).toMatchFileSnapshot(golden(`start-${v.id}-black-65`));
    });
  }
});

/** Mid-game positions taken from test/fixtures/legal (line numbers are 0-based). */
const MID_GAME: readonly [string, unknown][] = [
  // long.jsonl line 8: Black's checkers on both sides of the 1|24 joint.
  [
    'long-midgame',
    {
      variant: 'long',
      onRoll: 'white',
      white: { '24': 6, '23': 1, '22': 1, '21': 1, '20': 1, '4': 1, '3': 1, '2': 1, '1': 2, off: 0 },
      black: { '19': 2, '18': 2, '17': 1, '16': 2, '12': 5, '7': 2, '5': 1, off: 0 },
      dice: [5, 4],
      firstTurn: false,
    },
  ],
  // long.jsonl line 6: White bearing off, Black's home full of checkers (a stack of 10).
  [
    'long-bearoff',
    {
      variant: 'long',
      onRoll: 'black',
      white: { '2': 2, '1': 6, off: 7 },
      black: { '23': 1, '15': 2, '14': 2, '13': 10, off: 0 },
      dice: [6, 2],
      firstTurn: false,
    },
  ],
  // short.jsonl line 7: a Black checker on the bar.
  [
    'short-black-bar',
    {
      variant: 'short',
      onRoll: 'white',
      white: { '21': 2, '13': 3, '7': 1, '6': 1, '3': 2, '2': 1, '1': 5, bar: 0, off: 0 },
      black: { '24': 5, '22': 1, '14': 1, '9': 2, '8': 2, '5': 2, '4': 1, bar: 1, off: 0 },
      dice: [3, 4],
      firstTurn: false,
    },
  ],
  // short.jsonl line 33: White on the bar, Black bearing off and on roll (points numbered from Black's side).
  [
    'short-white-bar-black-on-roll',
    {
      variant: 'short',
      onRoll: 'black',
      white: { '14': 3, '5': 1, '3': 2, '2': 5, '1': 3, bar: 1, off: 0 },
      black: { '24': 8, '23': 5, bar: 0, off: 2 },
      dice: [1, 2],
      firstTurn: false,
    },
  ],
  // caucasian.jsonl line 6: three White checkers on the bar.
  [
    'caucasian-bar',
    {
      variant: 'caucasian',
      onRoll: 'black',
      white: { '24': 3, '18': 3, '2': 3, '1': 3, bar: 3, off: 0 },
      black: { '23': 3, '22': 4, '21': 4, '19': 3, bar: 0, off: 1 },
      dice: [4, 1],
      firstTurn: false,
    },
  ],
];

describe('renderBoard: mid-game positions', () => {
  for (const [name, json] of MID_GAME) {
    test(name, async () => {
      const { position, dice } = plain(json);
      await expect(renderBoard(position, { dice })).toMatchFileSnapshot(golden(name));
    });
  }
});

describe('renderBoard: panel', () => {
  test('cube, score, names and IDs', async () => {
    const text = renderBoard(mirror(startPosition('short')), {
      dice: [3, 1],
      cube: { value: 4, owner: 'white' },
      score: { white: 1, black: 3 },
      matchLength: 7,
      names: { white: 'Anna', black: 'Boris' },
      positionId: '4HPwATDgc/ABMA',
      matchId: 'cIkJAAAAAAAA',
    });
    await expect(text).toMatchFileSnapshot(golden('panel'));
  });

  test('every board line has the same width up to the panel', () => {
    for (const v of VARIANTS) {
      const lines = renderBoard(startPosition(v.id)).split('\n').slice(1, -1);
      for (const line of lines) expect(line.slice(0, 44)).toMatch(/^[ v^][+|].{41}[+|]$/);
    }
  });

  test('the Position ID: canonical by default, given, or none', () => {
    expect(renderBoard(startPosition('short'))).toMatch(/^ Short nardy \(backgammon\) {2}Position ID: 4HPwATDgc\/ABMA\n/);
    expect(renderBoard(startPosition('long'))).toMatch(/^ Long nardy +Position ID: BgAA_P8BAAD-_w\n/);
    expect(renderBoard(startPosition('long'), { positionId: 'xyz' })).toMatch(/Position ID: xyz\n/);
    expect(renderBoard(startPosition('long'), { positionId: false })).toMatch(/^ Long nardy\n/);
  });

  test('a setup that is not a valid position is drawn without an ID', () => {
    const start = startPosition('short');
    const bad = { ...start, board: { white: start.board.white.map((n, i) => (i === 6 ? n + 1 : n)), black: start.board.black } };
    const text = renderBoard(bad);
    expect(text).not.toContain('Position ID');
    expect(text).toContain('pips 173');
  });

  test('counts beyond five are written in the fifth row', () => {
    const text = renderBoard(startPosition('long'));
    expect(text).toContain('15 |');
    expect(text).toContain('|15 ');
  });
});
