/**
 * Decisions on a phone (390×844, touch, Russian) against a player on a desktop (1280×800, English): every decision the
 * clock runs for is in view as the room opens, without scrolling — roll or double on either screen, take or pass on
 * the phone when it is doubled, with the status line naming him and the decision and the cube at the value offered.
 * The phone player confirms turns by themselves (a saved setting): his whole turns go without the confirm button;
 * with a turn in hand, Undo step, Undo turn and Confirm are in view.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { acceptSeek, button, createSeek, gameOpened, open, signUp } from './app';
import { browserSuite } from './browser';
import { playStep, SOURCE } from './play';
import { pattern, text, type Lang } from './texts';
import { untranslated } from './untranslated';

const suite = browserSuite();
const stamp = Date.now().toString(36).slice(-5);

/** The element lies wholly inside the screen as it is scrolled now. */
async function inView(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const screen = page.viewportSize();
  return !!box && !!screen && box.x >= 0 && box.y >= 0 && box.x + box.width <= screen.width && box.y + box.height <= screen.height;
}

/** The element lies wholly inside the screen with the page scrolled to its top (as the room opens). */
async function inViewAtTop(page: Page, target: Locator): Promise<boolean> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return inView(page, target);
}

/**
 * On the page and clickable (a button waits, disabled, while its command is on its way). The room changes under the
 * test: a button gone between the looks is not there (rather than waited for).
 */
const visible = async (l: Locator): Promise<boolean> =>
  (await l.count()) > 0 &&
  (await l.first().isVisible()) &&
  l
    .first()
    .isEnabled({ timeout: 500 })
    .catch(() => false);
const status = (page: Page): Locator => page.locator('.board-status');
const cube = (page: Page): Promise<string | null> => page.locator('.board-cube text').textContent();
/** Roll, and Double or Redouble: the decisions at the start of a turn with the cube. */
const rollAndDouble = (page: Page, lang: Lang): Locator[] => [
  button(page, lang, 'game:actions.roll'),
  button(page, lang, 'game:actions.double').or(button(page, lang, 'game:actions.redouble')),
];

it('a phone player sees every decision without scrolling, is told he was doubled, and his turns go by themselves', { timeout: 300_000 }, async () => {
  const alice = await suite.player({ lang: 'en' });
  await alice.setViewportSize({ width: 1280, height: 800 });
  const boris = await suite.player({ lang: 'ru', phone: true });
  await boris.setViewportSize({ width: 390, height: 844 });
  await signUp(alice, 'en', `alice_${stamp}`);
  await signUp(boris, 'ru', `борис_${stamp}`);

  // Boris saves "confirm turns by themselves" on the settings page.
  await open(boris, '/settings');
  await boris.locator('input[name=autoConfirm]').check();

  await open(boris, '/');
  await createSeek(alice, 'en', { variant: 'short', matchLength: 3, cube: true });
  const gameId = await acceptSeek(boris, 'ru', `alice_${stamp}`);
  expect(await gameOpened(alice)).toBe(gameId);

  const seen = { phoneRoll: false, phoneTurn: false, desktopRoll: false, doubled: false, turnsSent: 0 };
  let aliceDoubled = false;
  let borisStepped = false;
  const deadline = Date.now() + 240_000;
  while (!(seen.phoneRoll && seen.phoneTurn && seen.desktopRoll && seen.doubled && seen.turnsSent >= 2)) {
    if (Date.now() > deadline) throw new Error(`not everything was seen: ${JSON.stringify(seen)}`);

    if (borisStepped && (await boris.locator(SOURCE).count()) === 0) {
      // Nothing left to play: the whole turn went by itself (confirm was never pressed), and the board's buttons
      // leave with it once the server has it.
      await boris.locator('.board-buttons').waitFor({ state: 'detached', timeout: 10_000 });
      borisStepped = false;
      seen.turnsSent += 1;
    }

    // Alice (desktop): doubles at her first chance, then rolls; confirms her turns by hand.
    const [aliceRoll, aliceDouble] = rollAndDouble(alice, 'en');
    if (await visible(aliceRoll!)) {
      if (!seen.desktopRoll) {
        for (const b of [aliceRoll!, aliceDouble!]) expect(await inViewAtTop(alice, b), 'desktop: roll and double in view').toBe(true);
        await expect.poll(() => status(alice).innerText()).toBe(text('en', 'game:status.rollOrDouble', { who: text('en', 'game:status.you') }));
        await suite.screenshot(alice, 'decisions-desktop-roll');
        seen.desktopRoll = true;
      }
      const doubling: boolean = !aliceDoubled && (await visible(aliceDouble!));
      await (doubling ? aliceDouble! : aliceRoll!).click();
      aliceDoubled ||= doubling;
      continue;
    }
    if ((await alice.locator(SOURCE).count()) > 0) {
      await playStep(alice, false);
      continue;
    }
    const confirm = alice.locator('.board-confirm:enabled');
    if ((await confirm.count()) > 0) {
      await confirm.click();
      continue;
    }

    // Boris (phone): takes the double, never doubles himself, taps his steps and never presses confirm.
    const take = button(boris, 'ru', 'game:actions.take');
    if (await visible(take)) {
      const pass = button(boris, 'ru', 'game:actions.pass');
      for (const b of [take, pass]) expect(await inViewAtTop(boris, b), 'phone: take and pass in view').toBe(true);
      // "Вы: принять удвоение до 2 или отказаться" (or with a beaver, where the table allows one), in view.
      const line = await status(boris).innerText();
      expect(line.startsWith(`${text('ru', 'game:status.you')}: `), line).toBe(true);
      expect(line).toContain(' 2');
      expect(
        ['game:status.cube', 'game:status.cubeOrBeaver'].some((key) => pattern('ru', key).test(line)),
        line,
      ).toBe(true);
      expect(await inViewAtTop(boris, status(boris))).toBe(true);
      expect(await cube(boris)).toBe('2?');
      expect(await boris.locator('.room-prompt').innerText()).toMatch(pattern('ru', 'game:prompt.cubeToYou'));
      // The doubler's own line names the one who answers, not himself, as his side panel does.
      await expect.poll(() => status(alice).innerText()).toMatch(pattern('en', 'game:status.cube'));
      expect(await status(alice).innerText()).not.toMatch(/^You/);
      expect(await alice.locator('.room-prompt').innerText()).toMatch(pattern('en', 'game:prompt.cubeWaiting'));
      expect(await cube(alice)).toBe('2?');
      await suite.screenshot(boris, 'decisions-phone-doubled');
      await suite.screenshot(alice, 'decisions-desktop-doubled');
      expect(await untranslated(boris, 'ru')).toEqual([]);
      await take.click();
      await expect.poll(() => cube(alice)).toBe('2');
      seen.doubled = true;
      continue;
    }
    const [borisRoll, borisDouble] = rollAndDouble(boris, 'ru');
    if (await visible(borisRoll!)) {
      if (!seen.phoneRoll) {
        for (const b of [borisRoll!, borisDouble!]) expect(await inViewAtTop(boris, b), 'phone: roll and double in view').toBe(true);
        expect(await status(boris).innerText()).toBe(text('ru', 'game:status.rollOrDouble', { who: text('ru', 'game:status.you') }));
        await suite.screenshot(boris, 'decisions-phone-roll');
        seen.phoneRoll = true;
      }
      await borisRoll!.click();
      continue;
    }
    if ((await boris.locator(SOURCE).count()) > 0) {
      if (!seen.phoneTurn) {
        // His turn in hand: Undo step, Undo turn and Confirm are on the screen as it is (docked), and at its top.
        const turnButtons = (['undoStep', 'undoTurn', 'confirm'] as const).map((key) => button(boris, 'ru', `board:${key}`));
        for (const b of turnButtons) expect(await inView(boris, b), 'phone: the turn’s buttons in view').toBe(true);
        for (const b of turnButtons) expect(await inViewAtTop(boris, b), 'phone: the turn’s buttons in view at the top').toBe(true);
        await suite.screenshot(boris, 'decisions-phone-turn');
        seen.phoneTurn = true;
      }
      borisStepped = await playStep(boris, true);
      continue;
    }
    await boris.waitForTimeout(50);
  }
});
