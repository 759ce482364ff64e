import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { engineFixture } from '../../../test/files.js';
import { parseMat } from './parse.js';

const good = readFileSync(engineFixture('mat/gnubg-3pt-drop.mat'), 'utf8');
const lines = good.split('\n');
/** The fixture with line `n` (1-based) replaced. */
const withLine = (n: number, text: string): string => lines.map((l, i) => (i === n - 1 ? text : l)).join('\n');
const lineOf = (s: string): number => lines.findIndex((l) => l.includes(s)) + 1;

describe('.mat errors name the line and what is wrong; nothing is half-imported', () => {
  it.each([
    ['an illegal move', '  2) 52: 13/8 24/20              63: 8/5 11/5', 'illegal move 52'],
    ['dice out of range', '  2) 72: 13/8 24/22              63: 8/5 11/5', 'dice out of range'],
    ['an unknown token', '  2) 52: 13/8 24/22              Moves 8/5 11/5', "unknown token 'Moves'"],
    ['a point out of range', '  2) 52: 13/8 24/22              63: 8/5 31/25', 'point out of range'],
    ['a move left out', '  2) 52: 13/8 24/22              63:', 'no move written for 63'],
    ['a move in the wrong column', '  2)                             63: 8/5 11/5', 'cannot act now'],
  ])('%s', (_what, text, message) => {
    const n = lineOf('  2) 52: 13/8 24/22');
    const r = parseMat(withLine(n, text));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.line).toBe(n);
    expect(r.error.message).toContain(`line ${n}: `);
    expect(r.error.message).toContain(message);
  });

  it('a score line that does not follow from the games before', () => {
    const n = lineOf(' gnubg : 1 ');
    const r = parseMat(withLine(n, ' gnubg : 2                      root : 0'));
    expect(!r.ok && r.error).toMatchObject({ line: n, message: expect.stringContaining('score mismatch') });
  });

  it('a result that the game does not give', () => {
    const n = lineOf('Wins 1 point');
    const r = parseMat(withLine(n, '      Wins 2 points'));
    expect(!r.ok && r.error).toMatchObject({ line: n, message: expect.stringContaining('result mismatch') });
  });

  it('a cube value that the cube does not reach', () => {
    const n = lineOf('Doubles => 2');
    const r = parseMat(withLine(n, lines[n - 1]!.replace('Doubles => 2', 'Doubles => 4')));
    expect(!r.ok && r.error).toMatchObject({ line: n, message: expect.stringContaining('cube mismatch') });
  });

  it('a file that is not a match', () => {
    expect(parseMat('hello').ok).toBe(false);
    const r = parseMat('; [Variant "chess"]\n 1 point match\n');
    expect(!r.ok && r.error.message).toContain("unknown variant 'chess'");
  });
});
