import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { engineFixture } from '../../../test/files.js';
import { replay } from '../../game/match.js';
import { parseMat } from './parse.js';
import { writeMat } from './write.js';

const fixture = (name: string): string => readFileSync(engineFixture(`mat/${name}`), 'utf8');

describe('.mat files exported by GNU Backgammon import and replay legally', () => {
  it.each([
    ['gnubg-3pt-drop.mat', 3, 2, 'gnubg'],
    ['gnubg-5pt-crawford.mat', 5, 4, 'gnubg'],
    ['gnubg-7pt-resign.mat', 7, 4, 'gnubg'],
    ['gnubg-money.mat', 0, 1, 'Alice'],
  ])('%s', (name, length, games, first) => {
    const r = parseMat(fixture(name));
    if (!r.ok) throw new Error(r.error.message);
    const m = r.value;
    expect(m.settings.variant).toBe('short');
    expect(m.settings.matchLength).toBe(length);
    expect(m.state.games.length).toBe(games);
    expect(m.names.p1).toBe(first);
    const again = replay(m.settings, m.actions);
    expect(again.ok && again.value.score).toEqual(m.state.score);
    if (length > 0) expect(m.state.phase).toBe('matchOver');
    // Written back and read again: the same match.
    const back = parseMat(writeMat(m));
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.actions).toEqual(m.actions);
  });

  it('the Crawford game of the 5-point match is game 3, and a game won with the cube at 2 and no bear-off is a resignation', () => {
    const crawford = parseMat(fixture('gnubg-5pt-crawford.mat'));
    expect(crawford.ok && crawford.value.state.crawfordGame).toBe(3);
    const resign = parseMat(fixture('gnubg-7pt-resign.mat'));
    expect(resign.ok && resign.value.state.games.map((g) => g.end)).toEqual(['resign', 'cubePass', 'bearOff', 'resign']);
  });

  it("reads XG's spelling of the same match: bar and off, a forced dance as 'Cannot Move', Elo tags, 'and the match'", () => {
    const gnubg = fixture('gnubg-3pt-drop.mat');
    const xg = [
      '; [Site "XG Mobile"]',
      '; [Player 1 "gnubg"]',
      '; [Player 1 Elo "1500.00/0"]',
      '; [Player 2 "root"]',
      '; [Variation "Backgammon"]',
      '; [Crawford "On"]',
      '; [CubeLimit "1024"]',
      ...gnubg
        .split('\n')
        .slice(1)
        .map((l) =>
          l
            .replace(/(\s)25\//g, '$1bar/')
            .replace(/\/0\b/g, '/off')
            .replace(/^ 3 point match/, '3 point match')
            .replace(/66:\s{2,}(?=\S)/, '66: Cannot Move  ')
            .replace('Wins 4 points', 'Wins 4 points and the match'),
        ),
    ].join('\r\n');
    const a = parseMat(gnubg);
    const b = parseMat(xg);
    if (!a.ok || !b.ok) throw new Error(!b.ok ? b.error.message : 'gnubg file');
    expect(b.value.actions).toEqual(a.value.actions);
    expect(b.value.site).toBe('XG Mobile');
    expect(b.value.settings.cube.maxValue).toBe(1024);
  });
});
