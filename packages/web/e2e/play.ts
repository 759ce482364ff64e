/**
 * Playing through the game room as a person does: press the roll button, click (or tap) a highlighted checker, then one
 * of its highlighted destinations, repeat until the turn is whole, confirm. The board marks what may be played
 * (`.is-source`, `.is-destination` on the points, the bar mark and the tray), so any dice are handled and the
 * tests need no rules of their own.
 */
import type { Locator, Page } from 'playwright-core';
import { button } from './app';
import type { Lang } from './texts';

/** Clicks (or taps) the middle of an element (checkers drawn over a point must not swallow the click). */
async function pressMiddle(page: Page, target: Locator, touch: boolean): Promise<boolean> {
  // On a phone the board is taller than the screen: a press lands only inside the viewport.
  if (
    !(await target.scrollIntoViewIfNeeded({ timeout: 1_000 }).then(
      () => true,
      () => false,
    ))
  )
    return false;
  const box = await target.boundingBox();
  if (!box) return false;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await (touch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
  return true;
}

/** Clicks the element if it is there; the room changes under the test (an event arrives), so a click may miss. */
const tryClick = async (l: Locator): Promise<boolean> =>
  (await l.count()) > 0 &&
  l
    .first()
    .click({ timeout: 1_000 })
    .then(
      () => true,
      () => false,
    );

export const SOURCE = '.board-point.is-source .board-point-mark, .board-bar-mark.is-source';
/** The first in the board's markup is taken; the trays come before the points, so bearing off goes first. */
const DESTINATION = '.board-tray.is-destination, .board-point.is-destination .board-point-mark';

/** The match is over: the result panel shows its end. */
export const matchOver = (page: Page): Locator => page.locator('.room-result-match');

export type Happened = 'over' | 'rolled' | 'doubled' | 'answered' | 'step' | 'confirmed' | 'waiting';

export interface Manners {
  readonly lang: Lang;
  /** Tap the board (a phone) instead of clicking it. */
  readonly touch?: boolean;
  /** Offer the cube whenever it may be offered. */
  readonly double?: boolean;
  /** How to answer a cube offer (default: take). */
  readonly cubeAnswer?: 'take' | 'pass';
}

/** Does the one thing the room waits for from this player now, if anything. */
async function act(page: Page, manners: Manners): Promise<Happened> {
  const { lang } = manners;
  if ((await matchOver(page).count()) > 0) return 'over';
  if (await tryClick(button(page, lang, `game:actions.${manners.cubeAnswer ?? 'take'}`))) return 'answered';
  if (manners.double && (await tryClick(button(page, lang, 'game:actions.double')))) return 'doubled';
  if (await tryClick(button(page, lang, 'game:actions.roll'))) return 'rolled';
  if ((await page.locator(SOURCE).count()) > 0) return (await playStep(page, manners.touch ?? false)) ? 'step' : 'waiting';
  if (await tryClick(page.locator('.board-confirm:enabled'))) return 'confirmed';
  return 'waiting';
}

/** Presses a highlighted checker, then its first highlighted destination; false when there was none to press. */
export async function playStep(page: Page, touch: boolean): Promise<boolean> {
  const source = page.locator(SOURCE).first();
  if ((await source.count()) === 0 || !(await pressMiddle(page, source, touch))) return false;
  const destination = page.locator(DESTINATION).first();
  if ((await destination.count()) > 0) await pressMiddle(page, destination, touch);
  return true;
}

export interface Played {
  readonly turns: number;
  readonly steps: number;
  readonly ms: number;
}

/**
 * Plays on until the match is over or `stop` says so (checked between actions), for at most `limitMs`.
 * Both players of a game run this side by side, each on his own page.
 */
export async function playOn(
  page: Page,
  manners: Manners,
  { stop, limitMs = 300_000 }: { readonly stop?: (h: Happened) => boolean | Promise<boolean>; readonly limitMs?: number } = {},
): Promise<Played> {
  const start = Date.now();
  let turns = 0;
  let steps = 0;
  for (;;) {
    if (Date.now() - start > limitMs) throw new Error(`still playing after ${limitMs} ms (${turns} turns, ${steps} steps)`);
    const happened = await act(page, manners);
    if (happened === 'step') steps += 1;
    if (happened === 'confirmed') turns += 1;
    if (happened === 'over' || (stop && (await stop(happened)))) return { turns, steps, ms: Date.now() - start };
    if (happened === 'waiting') await page.waitForTimeout(50);
  }
}
