import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/resources';
import { claimedEntries, replayLog } from './moveList';
import { entryPhrase } from './movePhrases';
import { say, type Translate } from './phrase';
import { SHORT_GAME, type WireAction } from './views.suite';

const LONG_OPENING: WireAction[] = [
  { type: 'opening', dice: { p1: 5, p2: 3 } },
  { type: 'roll', seat: 'p1', dice: [6, 5] },
  {
    type: 'move',
    seat: 'p1',
    steps: [
      { from: 24, to: 18 },
      { from: 18, to: 13 },
    ],
  },
  { type: 'roll', seat: 'p2', dice: [3, 1] },
  {
    type: 'move',
    seat: 'p2',
    steps: [
      { from: 24, to: 21 },
      { from: 21, to: 20 },
    ],
  },
];

describe('replayLog', () => {
  it('long nardy: turns in absolute points for both colours (RULES §1), dice with the move, rolls not listed', () => {
    const r = replayLog({ variant: 'long' }, LONG_OPENING);
    expect(r.error).toBeNull();
    expect(r.states).toHaveLength(LONG_OPENING.length + 1);
    expect(r.entries).toEqual([
      { at: 1, game: 1, kind: 'opening', dice: { p1: 5, p2: 3 } },
      { at: 3, game: 1, kind: 'move', seat: 'p1', color: 'white', dice: [6, 5], notation: '24/13' },
      { at: 5, game: 1, kind: 'move', seat: 'p2', color: 'black', dice: [3, 1], notation: '12/8' },
    ]);
  });

  it('short nardy: own numbers, hits starred; cube actions with their values; the game end with its result', () => {
    const r = replayLog({ variant: 'short' }, SHORT_GAME);
    expect(r.error).toBeNull();
    const kinds = r.entries.map((e) => e.kind);
    expect(kinds).toEqual(['opening', 'move', 'move', 'double', 'take', 'resign', 'acceptResign', 'gameEnded']);
    expect(r.entries[1]).toMatchObject({ notation: '8/5 6/5', dice: [3, 1], color: 'white' });
    expect(r.entries[2]).toMatchObject({ notation: '24/14', color: 'black' });
    expect(r.entries[3]).toMatchObject({ kind: 'double', seat: 'p1', value: 2 });
    expect(r.entries[4]).toMatchObject({ kind: 'take', seat: 'p2', value: 2 });
    expect(r.entries[7]).toMatchObject({ at: 8, game: 1, result: { winner: 'p2', end: 'resign', kind: 'single', cubeValue: 2 } });
  });

  it('a hit is starred; equal paths merge (S3, docs/notation.md)', () => {
    const r = replayLog({ variant: 'short' }, [
      { type: 'opening', dice: { p1: 6, p2: 5 } },
      {
        type: 'move',
        seat: 'p1',
        steps: [
          { from: 24, to: 18 },
          { from: 18, to: 13 },
        ],
      },
      { type: 'roll', seat: 'p2', dice: [5, 1] },
      {
        type: 'move',
        seat: 'p2',
        steps: [
          { from: 6, to: 1 },
          { from: 24, to: 23 },
        ],
      },
      { type: 'roll', seat: 'p1', dice: [3, 3] },
      {
        type: 'move',
        seat: 'p1',
        steps: [
          { from: 25, to: 22 },
          { from: 8, to: 5 },
          { from: 8, to: 5 },
          { from: 6, to: 3 },
        ],
      },
    ]);
    expect(r.error).toBeNull();
    expect(r.entries.map((e) => (e.kind === 'move' ? e.notation : e.kind))).toEqual(['opening', '24/13', '24/23 6/1*', 'bar/22 8/5(2) 6/3']);
  });

  it('stops at an action the engine refuses and says which', () => {
    const r = replayLog({ variant: 'long' }, [{ type: 'roll', seat: 'p1', dice: [6, 5] }]);
    expect(r.states).toHaveLength(1);
    expect(r.error).toMatch(/^1 \(roll\)/);
  });
});

describe('claimedEntries', () => {
  const names = { p1: 'Alice', p2: 'Bob' };
  it('a claim reads as a forfeit of the player who left, not as his resignation; other endings stay as they are', () => {
    const match = replayLog({ variant: 'long', matchLength: 3 }, [...LONG_OPENING, { type: 'resignMatch', seat: 'p2' }]);
    expect(claimedEntries(match.entries, { reason: 'resignMatch' })).toBe(match.entries);
    const claimed = claimedEntries(match.entries, { reason: 'abandoned' });
    expect(claimed.slice(0, 3)).toEqual(match.entries.slice(0, 3));
    expect(claimed[3]).toEqual({ at: 6, game: 1, kind: 'forfeit', seat: 'p2' });
    const en = createI18n('en').getFixedT('en', 'game') as Translate;
    const ru = createI18n('ru').getFixedT('ru', 'game') as Translate;
    expect(say(en, entryPhrase(claimed[3]!, names, 'long'))).toBe('Bob left the game: forfeit, the opponent wins by claim');
    expect(say(ru, entryPhrase(claimed[3]!, names, 'long'))).toContain('Bob ушёл из игры');
    expect(claimed.map((e) => e.kind)).not.toContain('resignMatch');
  });

  it('a money session claimed mid-game: the surrender and the session end the server played become one forfeit', () => {
    const session = replayLog({ variant: 'long' }, [...LONG_OPENING, { type: 'surrender', seat: 'p1' }, { type: 'endSession', seat: 'p1' }]);
    const kinds = claimedEntries(session.entries, { reason: 'abandoned' }).map((e) => e.kind);
    expect(kinds.slice(3)).toEqual(['forfeit', 'gameEnded']);
  });
});
