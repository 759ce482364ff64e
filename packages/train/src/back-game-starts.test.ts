import { describe, expect, it } from 'vitest';
import { BAR, opposite, positionFromSetup, seededRng, winnerOf, type Checkers } from '@nardy/engine';
import { shortClassOf } from '@nardy/ai/lab';
import { backGameStart } from './back-game-starts.js';

/** Points 19–24 of `side` holding two or more of its checkers: its anchors in the other side's home. */
const anchors = (side: Checkers): number => side.slice(19, 25).filter((n) => n >= 2).length;

describe('backGameStart', () => {
  it('makes valid, unfinished short-nardy back games, never a race, the same for the same seed', () => {
    const rng = seededRng(7);
    const again = seededRng(7);
    let whiteOnRoll = 0;
    let holderOnRoll = 0;
    for (let i = 0; i < 300; i++) {
      const p = backGameStart(rng);
      expect(positionFromSetup(p).ok).toBe(true);
      expect(winnerOf(p)).toBeUndefined();
      expect(shortClassOf(p.board[p.turn], p.board[opposite(p.turn)])).not.toBe('race');
      expect(backGameStart(again)).toEqual(p);
      // One side holds two anchors in the other's home; the other has nothing left that far back but checkers sent back.
      const [me, them] = [p.board[p.turn], p.board[opposite(p.turn)]];
      const holder = anchors(me) >= 2 ? me : them;
      expect(anchors(holder)).toBeGreaterThanOrEqual(2);
      const bearer = holder === me ? them : me;
      expect(bearer.slice(13, 26).reduce((s, n) => s + n, 0)).toBeLessThanOrEqual(2);
      expect(bearer[BAR]! + holder[BAR]!).toBeLessThanOrEqual(3);
      if (p.turn === 'white') whiteOnRoll++;
      if (holder === me) holderOnRoll++;
    }
    // Either colour on roll, and either side of the back game, about half the time each.
    for (const n of [whiteOnRoll, holderOnRoll]) {
      expect(n).toBeGreaterThan(100);
      expect(n).toBeLessThan(200);
    }
  });
});
