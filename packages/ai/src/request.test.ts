import { describe, expect, it } from 'vitest';
import { startPosition } from '@nardy/engine';
import { parseBotRequest } from './request.js';

describe('parseBotRequest', () => {
  const base = { position: startPosition('short', 'white'), dice: [3, 1] };

  it('the cube is optional; given, it is checked and kept (cubeful match play)', () => {
    const plain = parseBotRequest(base);
    expect(plain.ok && plain.value.cube).toBeUndefined();
    const cube = { value: 2, owner: 'opponent', away: { onRoll: 3, opponent: 5 }, stage: 'preCrawford' };
    const r = parseBotRequest({ ...base, cube });
    expect(r.ok && r.value.cube).toEqual(cube);
  });

  it('a bad cube is BAD_OPTIONS, naming the field', () => {
    const r = parseBotRequest({ ...base, cube: { value: 2, owner: 'mine' } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'BAD_OPTIONS', message: expect.stringMatching(/^cube: owner/) });
  });
});
