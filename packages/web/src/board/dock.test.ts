import { describe, expect, it } from 'vitest';
import { dockClearance } from './dock';

describe('dockClearance', () => {
  it('scrolls by as much as the docked panel covers of the board', () => {
    // A 360×640 phone at the top of the page: the board from 164 to 677, the panel docked from 523 to 640.
    expect(dockClearance({ top: 164, bottom: 677 }, { top: 523, bottom: 640 })).toBe(154);
  });

  it('never scrolls the board’s top off the screen', () => {
    expect(dockClearance({ top: 40, bottom: 677 }, { top: 523, bottom: 640 })).toBe(40);
    expect(dockClearance({ top: -10, bottom: 677 }, { top: 523, bottom: 640 })).toBe(0);
  });

  it('leaves the page alone when the panel covers nothing: in its place under the board, or the board above the screen', () => {
    expect(dockClearance({ top: 20, bottom: 533 }, { top: 533, bottom: 650 })).toBe(0);
    expect(dockClearance({ top: -900, bottom: -300 }, { top: 523, bottom: 640 })).toBe(0);
  });
});
