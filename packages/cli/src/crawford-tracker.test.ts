import { describe, expect, it } from 'vitest';
import { CrawfordTracker } from './crawford-tracker.js';

// G3: the Crawford game is the first game after a side reaches 1-away; the games after it are post-Crawford.
describe('CrawfordTracker', () => {
  it('marks only the first game that starts with a side 1-away (match to 5)', () => {
    const t = new CrawfordTracker();
    expect(t.crawford(5, 1, { me: 0, opp: 0 })).toBe(false);
    expect(t.crawford(5, 1, { me: 0, opp: 0 })).toBe(false); // later requests of the same game
    t.end(1, 2);
    expect(t.crawford(5, 2, { me: 2, opp: 0 })).toBe(false);
    t.end(2, -4);
    expect(t.crawford(5, 3, { me: 2, opp: 4 })).toBe(true);
    expect(t.crawford(5, 3, { me: 2, opp: 4 })).toBe(true);
    t.end(3, 1);
    expect(t.crawford(5, 4, { me: 3, opp: 4 })).toBe(false);
    t.end(4, 1);
    expect(t.crawford(5, 5, { me: 4, opp: 4 })).toBe(false); // double match point: both 1-away
  });

  it('counts a Crawford game in which the bot had no request, by its end line', () => {
    const t = new CrawfordTracker();
    expect(t.crawford(3, 1, { me: 0, opp: 0 })).toBe(false);
    t.end(1, -2); // opponent 1-away: game 2 is the Crawford game
    t.end(2, 1); // ... played without a request of the bot's
    expect(t.crawford(3, 3, { me: 1, opp: 2 })).toBe(false);
  });

  it('starts afresh with a new match (the score falls) or another length', () => {
    const t = new CrawfordTracker();
    expect(t.crawford(3, 1, { me: 2, opp: 0 })).toBe(true);
    t.end(1, -1);
    expect(t.crawford(3, 2, { me: 2, opp: 1 })).toBe(false);
    t.end(2, 2); // the bot wins the match 4–1
    expect(t.crawford(3, 3, { me: 0, opp: 0 })).toBe(false);
    t.end(3, 2);
    expect(t.crawford(3, 4, { me: 2, opp: 0 })).toBe(true);
    expect(t.crawford(7, 5, { me: 6, opp: 0 })).toBe(true);
  });

  it('ignores end lines that do not follow the games seen', () => {
    const t = new CrawfordTracker();
    t.end(1, 3); // nothing seen yet
    expect(t.crawford(5, 1, { me: 0, opp: 0 })).toBe(false);
    t.end(7, 4); // not this game
    expect(t.crawford(5, 2, { me: 0, opp: 4 })).toBe(true);
  });
});
