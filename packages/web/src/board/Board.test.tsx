import { legalTurns, nextSteps, startPosition, type Color, type VariantId } from '@nardy/engine';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Board } from './Board';
import { model, nextFrom, side, steps, type ModelOptions } from './testModels';
import type { BoardInput, BoardModel, BoardSettings } from './types';

const MANUAL: BoardSettings = { autoPlayForced: false, autoConfirm: false, reducedMotion: false };
/** A fake `t` that shows the key and its options, so the tests see which translation was asked for. */
const t = (key: string, o?: Record<string, unknown>): string => (o ? `${key}${JSON.stringify(o)}` : key);

function render(m: BoardModel, orientation: Color, input: BoardInput | null = null, settings = MANUAL): string {
  return renderToStaticMarkup(<Board model={m} orientation={orientation} input={input} settings={settings} onTurn={() => {}} t={t} />);
}

/** The engine's own input for a position's first throw (what the game room builds from a game view). */
function engineInput(variant: VariantId, dice: readonly [number, number]): BoardInput {
  const pos = startPosition(variant);
  const d = [dice[0], dice[1]] as Parameters<typeof legalTurns>[1];
  return {
    color: 'white',
    turns: legalTurns(pos, d).map((turn) => turn.steps),
    next: (played) => {
      const r = nextSteps(pos, d, played);
      return r.ok ? r.value : [];
    },
  };
}

interface DrawnPoint {
  readonly cell: number;
  readonly count: number;
  readonly color: string;
  readonly classes: string;
  readonly label: string;
  /** The triangle's x range and its base y. */
  readonly x0: number;
  readonly x1: number;
  readonly base: number;
}

function points(html: string): DrawnPoint[] {
  const re =
    /<g class="([^"]*board-point[^"]*)" data-cell="(\d+)" data-count="(\d+)" data-color="(\w+)"[^>]*>.*?<polygon points="([^"]+)"><\/polygon><text class="board-label"[^>]*>(\d+)<\/text><\/g>/g;
  return [...html.matchAll(re)].map((m) => {
    const corners = m[5]!.split(' ').map((p) => p.split(',').map(Number) as [number, number]);
    const xs = corners.map((c) => c[0]);
    return {
      classes: m[1]!,
      cell: Number(m[2]),
      count: Number(m[3]),
      color: m[4]!,
      label: m[6]!,
      x0: Math.min(...xs),
      x1: Math.max(...xs),
      base: corners[0]![1],
    };
  });
}

/** Checker centres by colour (from their CSS transforms). */
function checkers(html: string): { color: string; x: number; y: number }[] {
  const re = /class="board-checker board-checker--(\w+)[^"]*" style="transform:translate\(([\d.]+)px, ([\d.]+)px\)"/g;
  return [...html.matchAll(re)].map((m) => ({ color: m[1]!, x: Number(m[2]), y: Number(m[3]) }));
}

/** Each drawn point's checkers really stand on it: inside its triangle's width, in its half of the board. */
function expectCheckersOnTheirPoints(html: string) {
  const all = checkers(html);
  for (const p of points(html)) {
    const mid = 188;
    const onIt = all.filter((c) => c.x > p.x0 && c.x < p.x1 && (p.base < mid ? c.y < mid : c.y > mid));
    expect(onIt.length, `point ${p.cell}`).toBe(p.count);
    expect(onIt.every((c) => c.color === p.color)).toBe(true);
  }
}

const byCell = (html: string) => new Map(points(html).map((p) => [p.cell, p]));

describe('Board markup: start positions from both sides', () => {
  const cases: [VariantId, Color, ModelOptions['viewer']][] = [
    ['long', 'white', 'white'],
    ['long', 'black', 'black'],
    ['short', 'white', 'white'],
    ['short', 'black', 'black'],
  ];

  it.each(cases)('%s nardy, %s at the bottom: 24 points, 30 checkers, each on its point', (variant, orientation, viewer) => {
    const html = render(model(variant, viewer ? { viewer } : {}), orientation);
    expect(points(html)).toHaveLength(24);
    expect(checkers(html).filter((c) => c.color === 'white')).toHaveLength(15);
    expect(checkers(html).filter((c) => c.color === 'black')).toHaveLength(15);
    expectCheckersOnTheirPoints(html);
  });

  it('long nardy: the heads hold 15 each (L1) with a count label; absolute labels for both sides', () => {
    for (const orientation of ['white', 'black'] as const) {
      const html = render(model('long', { viewer: orientation }), orientation);
      const p = byCell(html);
      expect(p.get(24)).toMatchObject({ count: 15, color: 'white', label: '24' });
      expect(p.get(12)).toMatchObject({ count: 15, color: 'black', label: '12' });
      expect([...html.matchAll(/<text class="board-count board-count--(\w+)"[^>]*>15<\/text>/g)].map((m) => m[1])).toEqual(['white', 'black']);
    }
  });

  it("long nardy: each player's head is at his own top-right", () => {
    const white = byCell(render(model('long'), 'white'));
    const black = byCell(render(model('long', { viewer: 'black' }), 'black'));
    const topRight = (p: DrawnPoint | undefined) => !!p && p.base < 188 && p.x0 > 300;
    expect(topRight(white.get(24))).toBe(true);
    expect(topRight(black.get(12))).toBe(true);
  });

  it('short nardy: 2/5/3/5 per side (S1); Black reads his own numbers and has his home bottom-right', () => {
    const html = render(model('short', { viewer: 'black' }), 'black');
    const p = byCell(html);
    expect(p.get(24)).toMatchObject({ count: 2, color: 'white', label: '1' });
    expect(p.get(1)).toMatchObject({ count: 2, color: 'black', label: '24' });
    expect(p.get(12)).toMatchObject({ count: 5, color: 'black', label: '13' });
    expect(p.get(19)).toMatchObject({ count: 5, color: 'black', label: '6' });
    const home = p.get(19)!;
    expect(home.base).toBeGreaterThan(188);
    expect(home.x0).toBeGreaterThan(300);
    expect(html).not.toMatch(/board-count--/);
  });

  it('points carry translated aria-labels with their count and colour', () => {
    const html = render(model('short'), 'white');
    expect(html).toContain('aria-label="point.white{&quot;n&quot;:24,&quot;count&quot;:2}"');
    expect(html).toContain('aria-label="point.empty{&quot;n&quot;:2}"');
    expect(html).toContain('aria-label="board"');
  });
});

describe('Board markup: cube, dice, pips', () => {
  it("the cube shows its value, centred or on its owner's side", () => {
    const centred = render(model('short', { cube: { value: 1, owner: null } }), 'white');
    expect(centred).toMatch(/class="board-cube" data-owner="centre"[^>]*><rect[^>]*><\/rect><text x="30" y="188">1<\/text>/);
    const owned = render(model('short', { cube: { value: 4, owner: 'black' } }), 'white');
    const y = Number(/class="board-cube" data-owner="black".*?<text x="30" y="([\d.]+)">4<\/text>/.exec(owned)?.[1]);
    expect(y).toBeLessThan(188);
    const flipped = render(model('short', { cube: { value: 4, owner: 'black' } }), 'black');
    expect(Number(/data-owner="black".*?<text x="30" y="([\d.]+)">4/.exec(flipped)?.[1])).toBeGreaterThan(188);
    expect(render(model('long'), 'white')).not.toContain('board-cube');
  });

  it("two dice, four on a double, in the mover's right-hand half", () => {
    const two = render(model('short', { dice: [6, 5] }), 'white');
    expect([...two.matchAll(/data-die="(\d)" data-used="false"/g)].map((m) => m[1])).toEqual(['6', '5']);
    expect(render(model('short', { dice: [3, 3] }), 'white').match(/data-die="3"/g)).toHaveLength(4);
    expect(render(model('short', { dice: null }), 'white')).not.toContain('data-die');
  });

  it('the pip counts of both sides', () => {
    const html = render(model('long'), 'white');
    expect(html).toContain('pipsOf{&quot;color&quot;:&quot;color.white&quot;,&quot;count&quot;:360}');
    expect(html).toContain('pipsOf{&quot;color&quot;:&quot;color.black&quot;,&quot;count&quot;:360}');
  });
});

describe('Board markup: bar and trays', () => {
  const m = model('short', {
    board: { white: side({ 25: 2, 0: 9, 6: 2, 5: 1, 4: 1 }), black: side({ 25: 7, 0: 3, 1: 2, 2: 2, 3: 1 }) },
    dice: [5, 3],
  });

  it('bar stacks and borne-off checkers are drawn with their counts', () => {
    const html = render(m, 'white');
    expect(html).toContain('class="board-count board-count--black" x="284"');
    expect(html).toMatch(/board-count--black"[^>]*>7</);
    expect([...html.matchAll(/board-count--tray"[^>]*>(\d+)</g)].map((x) => x[1])).toEqual(['9', '3']);
    expect(checkers(html)).toHaveLength(30);
  });

  it('the bar is a source when the mover must enter (S4)', () => {
    const input: BoardInput = { color: 'white', next: nextFrom([steps('25/20 25/22')]), turns: [steps('25/20 25/22')] };
    const html = render(m, 'white', input);
    expect(html).toContain('class="board-bar-mark is-source"');
    expect(points(html).filter((p) => p.classes.includes('is-source'))).toEqual([]);
  });
});

describe('Board markup: input', () => {
  const SHORT_65 = ['24/18 18/13', '24/19 19/13', '13/7 13/8', '24/18 13/8'];
  const fake = (): BoardInput => ({ color: 'white', next: nextFrom(SHORT_65.map(steps)), turns: SHORT_65.map(steps) });

  it('the highlighted sources are exactly the legal ones', () => {
    const html = render(model('short', { dice: [6, 5] }), 'white', fake());
    expect(
      points(html)
        .filter((p) => p.classes.includes('is-source'))
        .map((p) => p.cell)
        .sort(),
    ).toEqual([13, 24]);
  });

  it("with the engine's input: long nardy 6-5 on the first turn moves only the head (LN-06)", () => {
    const input = engineInput('long', [6, 5]);
    const html = render(model('long', { dice: [6, 5] }), 'white', input);
    expect(
      points(html)
        .filter((p) => p.classes.includes('is-source'))
        .map((p) => p.cell),
    ).toEqual([24]);
    expect(html).toMatch(/<button type="button" class="board-confirm" disabled="">confirm<\/button>/);
  });

  it('a forced turn is played by itself: drawn moved, dice used, last steps marked, confirm enabled', () => {
    const input = engineInput('long', [6, 5]);
    const html = render(model('long', { dice: [6, 5] }), 'white', input, { ...MANUAL, autoPlayForced: true });
    const p = byCell(html);
    expect(p.get(24)?.count).toBe(14);
    expect(p.get(13)).toMatchObject({ count: 1, color: 'white' });
    expect(p.get(24)?.classes).toContain('is-last');
    expect(p.get(13)?.classes).toContain('is-last');
    expect(html.match(/data-used="true"/g)).toHaveLength(2);
    expect(html).toMatch(/<button type="button" class="board-confirm">confirm<\/button>/);
    expect(html).toContain('>forced<');
    expect(html).toContain('pipsOf{&quot;color&quot;:&quot;color.white&quot;,&quot;count&quot;:349}');
    expectCheckersOnTheirPoints(html);
  });

  it('no input: no buttons, no highlights, whose turn it is', () => {
    const html = render(model('short', { dice: [6, 5], turn: 'black' }), 'white');
    expect(html).not.toContain('<button');
    expect(html).not.toContain('is-source');
    expect(html).toContain('>toMove.black<');
  });

  it("the opponent's last turn is marked", () => {
    const html = render(model('short', { lastTurn: { color: 'black', steps: steps('13/7') } }), 'white');
    // Black's own 13 and 7 are absolute 12 and 18.
    expect(
      points(html)
        .filter((p) => p.classes.includes('is-last'))
        .map((p) => p.cell)
        .sort(),
    ).toEqual([12, 18]);
  });

  it('reduced motion turns the board still', () => {
    expect(render(model('short'), 'white', null, { ...MANUAL, reducedMotion: true })).toContain('class="board board--still"');
  });
});
