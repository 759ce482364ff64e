/**
 * A turn in hand is in view without scrolling (issue 40 item 4): on a 360×640 phone (Russian), a 390×844 phone and a
 * 1280×800 desktop, each against the bot, the whole board and its Undo step, Undo turn and Confirm are on the
 * screen as the turn comes, the status line says it is his turn, and the panel docked at the board's foot covers
 * none of its points: a touch on any point reaches the board. Scrolled back to the top, the buttons stay in view.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { button, open, playBot } from './app';
import { browserSuite } from './browser';
import { playStep, SOURCE } from './play';
import { text, type Lang } from './texts';

const suite = browserSuite();

interface Screen {
  readonly name: string;
  readonly lang: Lang;
  readonly width: number;
  readonly height: number;
  readonly phone: boolean;
}

const SCREENS: readonly Screen[] = [
  { name: 'phone-360', lang: 'ru', width: 360, height: 640, phone: true },
  { name: 'phone-390', lang: 'en', width: 390, height: 844, phone: true },
  { name: 'desktop-1280', lang: 'en', width: 1280, height: 800, phone: false },
];

type Box = readonly [top: number, bottom: number, left: number, right: number];

/** Where things lie on the screen as it is now (no scrolling): the board, its buttons and what a touch on each point reaches. */
const layout = (page: Page) =>
  page.evaluate(() => {
    const box = (e: Element): Box => {
      const r = e.getBoundingClientRect();
      return [r.top, r.bottom, r.left, r.right];
    };
    const svg = document.querySelector('.board-svg')!;
    const covered = [...document.querySelectorAll('.board-point-mark, .board-tray')]
      .map((e) => {
        const [top, bottom, left, right] = box(e);
        const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
        return hit && svg.contains(hit) ? null : `${e.getAttribute('class')} under ${hit?.getAttribute('class') ?? 'nothing'}`;
      })
      .filter((c) => c !== null);
    return {
      screen: [window.innerHeight, window.innerWidth],
      board: box(svg),
      buttons: [...document.querySelectorAll('.board-buttons button')].map(box),
      covered,
    };
  });

/** Wholly on a screen of `height` × `width`. */
const within = ([top, bottom, left, right]: Box, [height, width]: readonly number[]): boolean => top >= 0 && left >= 0 && bottom <= height! && right <= width!;

it('the turn’s buttons and the whole board are in view without scrolling, and the docked panel covers no point', { timeout: 200_000 }, async () => {
  const pages = await Promise.all(
    SCREENS.map(async (s) => {
      const page = await suite.player({ lang: s.lang, phone: s.phone });
      await page.setViewportSize({ width: s.width, height: s.height });
      await open(page, '/');
      await playBot(page, s.lang, { variant: 'short', matchLength: 1 }, 1);
      return page;
    }),
  );
  for (const [i, s] of SCREENS.entries()) {
    const page = pages[i]!;
    // Short nardy without the cube throws by itself: the turn comes into hand with the first view where a checker may move.
    await page.locator(SOURCE).first().waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForTimeout(300);
    const start = await layout(page);
    expect(start.buttons, s.name).toHaveLength(3);
    for (const b of [start.board, ...start.buttons]) expect(within(b, start.screen), `${s.name}: ${JSON.stringify(start)}`).toBe(true);
    expect(start.covered, s.name).toEqual([]);
    expect(await page.locator('.board-status').innerText()).toBe(text(s.lang, 'game:status.move', { who: text(s.lang, 'game:status.you') }));

    // A step played by touch (or click) lands on the board; Undo step comes alive, all still in view.
    expect(await playStep(page, s.phone)).toBe(true);
    await expect.poll(() => button(page, s.lang, 'board:undoStep').isEnabled()).toBe(true);
    const played = await layout(page);
    for (const b of [played.board, ...played.buttons]) expect(within(b, played.screen), `${s.name}: ${JSON.stringify(played)}`).toBe(true);
    expect(played.covered, s.name).toEqual([]);
    await suite.screenshot(page, `turn-${s.name}`);

    // Scrolled back to the top of the page the buttons stay docked in view.
    await page.evaluate(() => window.scrollTo(0, 0));
    const top = await layout(page);
    for (const b of top.buttons) expect(within(b, top.screen), `${s.name} at the top: ${JSON.stringify(top)}`).toBe(true);
    await suite.screenshot(page, `turn-${s.name}-top`);
  }
});
