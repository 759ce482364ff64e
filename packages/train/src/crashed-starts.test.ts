import { describe, expect, it } from 'vitest';
import { opposite, positionFromSetup, seededRng, winnerOf } from '@nardy/engine';
import { shortClassOf } from '@nardy/ai/lab';
import { crashedStart } from './crashed-starts.js';

describe('crashedStart', () => {
  it('makes valid, unfinished short-nardy positions of the crashed class, the same for the same seed', () => {
    const rng = seededRng(5);
    const again = seededRng(5);
    let whiteOnRoll = 0;
    for (let i = 0; i < 300; i++) {
      const p = crashedStart(rng);
      expect(positionFromSetup(p).ok).toBe(true);
      expect(winnerOf(p)).toBeUndefined();
      expect(shortClassOf(p.board[p.turn], p.board[opposite(p.turn)])).toBe('crashed');
      expect(crashedStart(again)).toEqual(p);
      if (p.turn === 'white') whiteOnRoll++;
    }
    // Either side on roll, about half the time each.
    expect(whiteOnRoll).toBeGreaterThan(100);
    expect(whiteOnRoll).toBeLessThan(200);
  });
});
