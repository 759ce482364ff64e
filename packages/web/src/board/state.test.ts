import type { Color } from '@nardy/engine';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/resources';
import { diceFaces } from './dice';
import { applySteps, BAR, OFF } from './position';
import { canConfirm, canUndo, initialState, reduce, sources, targets, type BoardEvent, type BoardState } from './state';
import { model, nextFrom, side, steps } from './testModels';
import type { BoardInput, BoardModel, BoardSettings, BoardStep } from './types';

const MANUAL: BoardSettings = { autoPlayForced: false, autoConfirm: false, reducedMotion: false };
const AUTO: BoardSettings = { autoPlayForced: true, autoConfirm: false, reducedMotion: false };
const AUTO_CONFIRM: BoardSettings = { autoPlayForced: true, autoConfirm: true, reducedMotion: false };

/** Input over a fixed list of legal step orders; `turns` are the distinct whole turns (one order each). */
function input(orders: string[], turns: string[] = orders, color: Color = 'white'): BoardInput {
  return { color, next: nextFrom(orders.map(steps)), turns: turns.map(steps) };
}

const start = (m: BoardModel, i: BoardInput | null, settings = MANUAL, orientation: Color = 'white'): BoardState =>
  initialState({ model: m, input: i, settings, orientation });

const run = (s: BoardState, ...events: BoardEvent[]): BoardState => events.reduce(reduce, s);
const press = (cell: number): BoardEvent => ({ type: 'press', cell });
const release = (cell: number | null): BoardEvent => ({ type: 'release', cell });
const click = (cell: number): BoardEvent[] => [press(cell), release(cell)];
const key = (k: Extract<BoardEvent, { type: 'key' }>['key']): BoardEvent => ({ type: 'key', key: k });
const text = (played: readonly BoardStep[]): string => played.map((s) => `${s.from}/${s.to}${s.hit ? '*' : ''}`).join(' ');

/** Short nardy, White opens 6-5 (S1, S2): a few of its legal plays, both step orders where both are legal. */
const SHORT_65 = ['24/18 18/13', '24/19 19/13', '24/18 13/8', '13/8 24/18', '13/7 13/8', '13/8 13/7'];
const short65 = () => model('short', { dice: [6, 5] });

describe('selection and destinations (only through input.next)', () => {
  it('the legal sources are the from-points of next([])', () => {
    const s = start(short65(), input(SHORT_65));
    expect(sources(s).sort()).toEqual([13, 24]);
  });

  it('a selected checker reaches single-step and multi-step destinations (6-5: 24 straight to 13)', () => {
    const s = run(start(short65(), input(SHORT_65)), ...click(24));
    expect(s.selected).toBe(24);
    const t = targets(s);
    expect([...t.keys()].sort((a, b) => b - a)).toEqual([19, 18, 13]);
    expect(text(t.get(13)!)).toBe('24/18 18/13');
  });

  it('click-click plays the whole chain; confirm is enabled exactly when next(played) is empty', () => {
    let s = run(start(short65(), input(SHORT_65)), ...click(24));
    expect(canConfirm(s)).toBe(false);
    s = run(s, ...click(13));
    expect(text(s.played)).toBe('24/18 18/13');
    expect(s.selected).toBeNull();
    expect(canConfirm(s)).toBe(true);
    expect(sources(s)).toEqual([]);
  });

  it('one step at a time: after 24/18 only the five remains', () => {
    const s = run(start(short65(), input(SHORT_65)), ...click(24), ...click(18));
    expect(text(s.played)).toBe('24/18');
    expect(canConfirm(s)).toBe(false);
    expect(sources(s).sort()).toEqual([13, 18]);
    expect([...targets(run(s, ...click(13))).keys()]).toEqual([8]);
  });

  it('a press elsewhere drops the selection; a second click on the selected checker puts it down', () => {
    const s = run(start(short65(), input(SHORT_65)), ...click(24));
    expect(run(s, ...click(3)).selected).toBeNull();
    expect(run(s, ...click(24)).selected).toBeNull();
    // 13 is both a source and a destination of 24: the destination wins.
    expect(text(run(s, ...click(13)).played)).toBe('24/18 18/13');
  });

  it('drag: released on a legal destination plays it; released elsewhere keeps the selection', () => {
    const s = start(short65(), input(SHORT_65));
    expect(text(run(s, press(13), release(7)).played)).toBe('13/7');
    const missed = run(s, press(13), release(2));
    expect(missed.played).toEqual([]);
    expect(missed.selected).toBe(13);
    expect(run(s, press(13), release(null)).selected).toBe(13);
  });

  it('no input (not your turn): nothing is selectable', () => {
    const s = run(start(short65(), null), ...click(24));
    expect(s.selected).toBeNull();
    expect(sources(s)).toEqual([]);
    expect(canConfirm(s)).toBe(false);
  });

  it("Black moving: cells are absolute points, steps stay in Black's own frame", () => {
    // Black's own 24 is absolute 1 in short nardy; his 6-5 run 24/13 lands on absolute 12.
    const m = model('short', { dice: [6, 5], turn: 'black', viewer: 'black' });
    const s = run(start(m, input(SHORT_65, SHORT_65, 'black'), MANUAL, 'black'), ...click(1), ...click(12));
    expect(text(s.played)).toBe('24/18 18/13');
  });
});

describe('chains with hits (documented preference: a chain without a hit, unless every chain hits)', () => {
  it('prefers the quiet route to the same point', () => {
    const s = run(start(short65(), input(['24/18* 18/13', '24/19 19/13'])), ...click(24));
    expect(text(targets(s).get(13)!)).toBe('24/19 19/13');
  });

  it('takes the hitting route when it is the only one', () => {
    const s = run(start(short65(), input(['24/18* 18/13', '24/19 13/8'])), ...click(24));
    expect(text(targets(s).get(13)!)).toBe('24/18* 18/13');
  });
});

describe('doubles', () => {
  const TURNS = ['24/21 21/18 18/15 15/12', '24/21 21/18 13/10 13/10', '13/10 13/10 13/10 13/10'];
  const m = () => model('short', { dice: [3, 3] });

  it('a checker reaches every point of its four threes; four dice shown, used as steps are played', () => {
    let s = run(start(m(), input(TURNS)), ...click(24));
    expect([...targets(s).keys()]).toEqual([21, 18, 15, 12]);
    s = run(s, ...click(18));
    expect(text(s.played)).toBe('24/21 21/18');
    expect(diceFaces(s.model.dice, s.played)).toEqual([
      { value: 3, used: true },
      { value: 3, used: true },
      { value: 3, used: false },
      { value: 3, used: false },
    ]);
  });
});

describe('undo', () => {
  it('undo step takes back the last step; undo turn all of them', () => {
    let s = run(start(short65(), input(SHORT_65)), ...click(24), ...click(13));
    expect(canUndo(s)).toBe(true);
    s = reduce(s, { type: 'undoStep' });
    expect(text(s.played)).toBe('24/18');
    s = run(s, ...click(13), ...click(8), { type: 'undoTurn' });
    expect(s.played).toEqual([]);
    expect(canUndo(s)).toBe(false);
    expect(reduce(s, { type: 'undoStep' })).toBe(s);
  });
});

describe('confirm', () => {
  it('hands the whole turn once; an undo lets a refused turn be played and sent again', () => {
    let s = run(start(short65(), input(SHORT_65)), ...click(24), ...click(13));
    s = reduce(s, { type: 'confirm' });
    expect(text(s.sent!)).toBe('24/18 18/13');
    expect(canConfirm(s)).toBe(false);
    expect(sources(s)).toEqual([]);
    s = run(s, { type: 'undoStep' });
    expect(s.sent).toBeNull();
    s = run(s, ...click(18), ...click(13), { type: 'confirm' });
    expect(text(s.sent!)).toBe('24/18 18/13');
  });

  it('does nothing before the turn is whole', () => {
    const s = run(start(short65(), input(SHORT_65)), ...click(24), ...click(18), { type: 'confirm' });
    expect(s.sent).toBeNull();
  });
});

describe('turns confirmed by themselves (autoConfirm)', () => {
  const SELF: BoardSettings = { autoPlayForced: false, autoConfirm: true, reducedMotion: false };

  it('the step that makes the turn whole sends it, by click-click, by drag and by keyboard', () => {
    let s = run(start(short65(), input(SHORT_65), SELF), ...click(24), ...click(18));
    expect(s.sent).toBeNull();
    expect(sources(s).sort()).toEqual([13, 18]);
    s = run(s, ...click(13), ...click(8));
    expect(text(s.sent!)).toBe('24/18 13/8');
    expect(canConfirm(s)).toBe(false);
    expect(sources(s)).toEqual([]);

    const dragged = run(start(short65(), input(SHORT_65), SELF), press(24), release(13));
    expect(text(dragged.sent!)).toBe('24/18 18/13');

    let keys = run(start(short65(), input(SHORT_65), SELF), key('enter'));
    for (let i = 0; i < 12; i++) keys = reduce(keys, key('left'));
    expect(text(run(keys, key('select')).sent!)).toBe('24/18 18/13');
  });

  it('a step that leaves more to play waits; so does every step without the setting', () => {
    expect(run(start(short65(), input(SHORT_65), SELF), ...click(24), ...click(18)).sent).toBeNull();
    expect(run(start(short65(), input(SHORT_65), MANUAL), ...click(24), ...click(13)).sent).toBeNull();
  });

  it('nothing to play goes at once, without playing forced turns by itself', () => {
    expect(start(short65(), input([], ['']), SELF).sent).toEqual([]);
    expect(start(short65(), input(['24/18 18/13']), SELF).sent).toBeNull();
  });

  it('an undo after a refused turn lets it be played again, and it goes again when whole', () => {
    let s = run(start(short65(), input(SHORT_65), SELF), ...click(24), ...click(13));
    expect(s.sent).not.toBeNull();
    s = reduce(s, { type: 'undoTurn' });
    expect(s.sent).toBeNull();
    s = run(s, ...click(13), ...click(7));
    expect(s.sent).toBeNull();
    expect(text(run(s, ...click(13), ...click(8)).sent!)).toBe('13/7 13/8');
  });
});

describe('forced and empty turns (G2, L14)', () => {
  it('a forced turn is played by itself with autoPlayForced, and waits for confirm', () => {
    const s = start(short65(), input(['24/18 18/13']), AUTO);
    expect(text(s.played)).toBe('24/18 18/13');
    expect(s.autoPlayed).toBe(true);
    expect(canConfirm(s)).toBe(true);
    expect(s.sent).toBeNull();
  });

  it('… and is confirmed by itself with autoConfirm', () => {
    const s = start(short65(), input(['24/18 18/13']), AUTO_CONFIRM);
    expect(text(s.sent!)).toBe('24/18 18/13');
  });

  it('without autoPlayForced the player plays it himself', () => {
    const s = start(short65(), input(['24/18 18/13']), MANUAL);
    expect(s.played).toEqual([]);
    expect(sources(s)).toEqual([24]);
  });

  it('a choice of turns is never played by itself', () => {
    expect(start(short65(), input(SHORT_65), AUTO_CONFIRM).played).toEqual([]);
  });

  it('nothing to play: confirm is enabled at once and sends []', () => {
    for (const turns of [[], ['']]) {
      const s = start(short65(), input([], turns), MANUAL);
      expect(canConfirm(s)).toBe(true);
      expect(reduce(s, { type: 'confirm' }).sent).toEqual([]);
      expect(start(short65(), input([], turns), AUTO_CONFIRM).sent).toEqual([]);
    }
  });
});

describe('sync: a new turn starts afresh, the same turn keeps its steps', () => {
  it('a fresh but equal model and input (a re-render, a refused turn) keeps the played steps', () => {
    const s = run(start(short65(), input(SHORT_65)), ...click(24), ...click(18));
    const again = reduce(s, { type: 'sync', model: short65(), input: input(SHORT_65), settings: MANUAL, orientation: 'white' });
    expect(text(again.played)).toBe('24/18');
  });

  it('a new position (the turn was accepted) starts over', () => {
    const s = run(start(short65(), input(SHORT_65)), ...click(24), ...click(13), { type: 'confirm' });
    const after = model('short', { board: applySteps(short65(), 'white', s.played).board, turn: 'black', dice: [2, 1] });
    const next = reduce(s, { type: 'sync', model: after, input: null, settings: MANUAL, orientation: 'white' });
    expect(next.played).toEqual([]);
    expect(next.sent).toBeNull();
  });
});

describe('keyboard', () => {
  it('the cursor starts on the first movable checker; arrows move it; Enter picks source and destination', () => {
    let s = start(short65(), input(SHORT_65));
    // White at the bottom: absolute 24 is the top-right point (stop 12 of the top row).
    expect(s.cursor).toEqual({ row: 'top', index: 12 });
    s = run(s, key('enter'));
    expect(s.selected).toBe(24);
    // 13 is the top-left point: twelve stops to the left, across the bar.
    for (let i = 0; i < 12; i++) s = reduce(s, key('left'));
    expect(s.cursor).toEqual({ row: 'top', index: 0 });
    s = run(s, key('select'));
    expect(text(s.played)).toBe('24/18 18/13');
    expect(canConfirm(s)).toBe(true);
    s = run(s, key('enter'));
    expect(s.sent).not.toBeNull();
  });

  it('Backspace undoes a step; Escape drops the selection, then undoes the turn', () => {
    let s = run(start(short65(), input(SHORT_65)), ...click(24), ...click(18), ...click(13));
    expect(s.selected).toBe(13);
    s = run(s, key('escape'));
    expect(s.selected).toBeNull();
    expect(text(s.played)).toBe('24/18');
    s = run(s, ...click(13), ...click(8), key('undoStep'));
    expect(text(s.played)).toBe('24/18');
    s = run(s, key('escape'));
    expect(s.played).toEqual([]);
  });

  it('up and down cross to the other row; the edges stop the cursor', () => {
    let s = start(short65(), input(SHORT_65));
    s = run(s, key('right'), key('down'), key('down'));
    expect(s.cursor).toEqual({ row: 'bottom', index: 13 });
    s = run(s, key('select'));
    expect(s.selected).toBeNull();
  });

  it('Space on the selected checker puts it down', () => {
    const s = run(start(short65(), input(SHORT_65)), key('select'), key('select'));
    expect(s.selected).toBeNull();
  });
});

describe('the drawn position', () => {
  it("a hit sends the opponent's checker on that point to his bar; pips follow", () => {
    // White 6 on his 13 hits Black's blot on absolute 7 (Black's own 18) — SN-06's 13/7*.
    const m = model('short', {
      board: { white: side({ 24: 2, 13: 5, 8: 3, 6: 5 }), black: side({ 18: 1, 13: 4, 6: 5, 8: 3, 24: 2 }) },
      dice: [6, 2],
    });
    const after = applySteps(m, 'white', steps('13/7* 7/5'));
    expect(after.board.white[13]).toBe(4);
    expect(after.board.white[5]).toBe(1);
    expect(after.board.black[18]).toBe(0);
    expect(after.board.black[BAR]).toBe(1);
    expect(after.pips.white).toBe(m.pips.white - 8);
    expect(after.pips.black).toBe(m.pips.black + 7);
  });

  it('bearing off puts the checker in the tray and saves only the distance to off', () => {
    const m = model('short', { board: { white: side({ 2: 1, 1: 14 }), black: side({ 24: 15 }) }, dice: [6, 1] });
    const off = { from: 2, to: OFF, die: 6, hit: false };
    const after = applySteps(m, 'white', [off]);
    expect(after.board.white[OFF]).toBe(1);
    expect(after.pips.white).toBe(m.pips.white - 2);
    expect(diceFaces(m.dice, [off])).toEqual([
      { value: 6, used: true },
      { value: 1, used: false },
    ]);
  });

  it("long nardy: Black's steps move on his own route, absolute points follow the geometry", () => {
    const m = model('long', { turn: 'black', dice: [6, 5] });
    const after = applySteps(m, 'black', steps('24/18 18/13'));
    expect(after.board.black[24]).toBe(14);
    expect(after.board.black[13]).toBe(1);
    expect(m.toAbs('black', 13)).toBe(1);
  });
});

describe('a pick a rule refuses is named (L9, the head rule)', () => {
  const long65 = () => model('long', { dice: [6, 5] });
  const LONG_65 = ['24/18 18/13', '24/19 19/13'];

  it('long nardy: a second checker from the head is refused with the rule; the next good pick clears it', () => {
    const one = run(start(long65(), input(LONG_65)), ...click(24), ...click(18));
    expect(text(one.played)).toBe('24/18');
    expect(one.refusal).toBeNull();
    const refused = run(one, ...click(24));
    expect(refused.selected).toBeNull();
    expect(refused.refusal).toBe('headRule');
    // The status line says it (TurnControls shows the refusal's text in place of "your turn").
    expect(createI18n('en').t('board:headRule')).toBe('Only one checker may leave the head in a turn (rule L9).');
    expect(createI18n('ru').t('board:headRule')).toContain('только одну шашку');
    const on = run(refused, ...click(18));
    expect(on.refusal).toBeNull();
    expect(on.selected).toBe(18);
    expect(run(refused, { type: 'undoStep' }).refusal).toBeNull();
  });

  it('no hint before a checker left the head, off the head, or in short nardy', () => {
    expect(run(start(long65(), input(LONG_65)), ...click(13)).refusal).toBeNull();
    const one = run(start(long65(), input(LONG_65)), ...click(24), ...click(18));
    expect(run(one, ...click(5)).refusal).toBeNull();
    const short = run(start(short65(), input(SHORT_65)), ...click(13), ...click(7));
    expect(run(short, ...click(13), ...click(24)).refusal).toBeNull();
  });
});
