/**
 * The game room's signals, as a player meets them against the bot in Chromium: the tab's title says when it is
 * his turn and goes back after it; with the tab hidden and notifications allowed in the settings, his turn comes
 * as a notification; sounds play, and muting them in the settings silences the room. In English, then the title
 * in Russian. Against a person who doubles: the title, the "doubled" sound and, hidden, its notification. On a
 * short clock (60 s a move), the low-time sound as his clock goes under its mark.
 *
 * The browser's side is watched by an init script: `Notification` records what is shown (the real permission
 * still decides), every oscillator started is recorded (each sound is made of them: its wave and pitch tell which
 * sound it is), and the page can be marked hidden as if the player had switched tabs.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { acceptSeek, button, createSeek, gameOpened, open, playBot, signUp } from './app';
import { browserSuite } from './browser';
import { playOn, playStep } from './play';
import { pattern, text, type Lang } from './texts';

const suite = browserSuite();

interface Watched {
  __notes: { title: string; body: string }[];
  __tones: number;
  /** Each oscillator started, as `wave:hertz`. */
  __pitches: string[];
  __hidden: boolean;
  __titles: string[];
}

async function watchSignals(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const w = window as unknown as Watched & typeof globalThis;
    w.__notes = [];
    w.__tones = 0;
    w.__pitches = [];
    w.__hidden = false;
    w.__titles = [];
    const titleOf = Object.getOwnPropertyDescriptor(Document.prototype, 'title')!;
    Object.defineProperty(Document.prototype, 'title', {
      get(this: Document): string {
        return titleOf.get!.call(this) as string;
      },
      set(this: Document, value: string) {
        w.__titles.push(value);
        titleOf.set!.call(this, value);
      },
      configurable: true,
    });
    const Real = w.Notification;
    class Recorded {
      static get permission() {
        return Real.permission;
      }
      static requestPermission() {
        return Real.requestPermission();
      }
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        w.__notes.push({ title, body: options?.body ?? '' });
      }
      close() {}
    }
    Object.defineProperty(w, 'Notification', { value: Recorded, configurable: true, writable: true });
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
      w.__tones += 1;
      w.__pitches.push(`${this.type}:${this.frequency.value}`);
      start.call(this, when);
    };
    Object.defineProperty(Document.prototype, 'visibilityState', { get: () => (w.__hidden ? 'hidden' : 'visible'), configurable: true });
    Object.defineProperty(Document.prototype, 'hidden', { get: () => w.__hidden, configurable: true });
  });
}

const title = (page: Page) => page.evaluate(() => document.title);
const tones = (page: Page) => page.evaluate(() => (window as unknown as Watched).__tones);
const notes = (page: Page) => page.evaluate(() => (window as unknown as Watched).__notes);
const pitches = (page: Page) => page.evaluate(() => (window as unknown as Watched).__pitches.join(' '));
/** The tones of two sounds of signalsPlayer.ts: no other sound uses 440 Hz, nor a 1000 Hz square wave. */
const DOUBLED = 'sine:440 sine:660 sine:440';
const LOW_TIME = 'square:1000 square:1000 square:1000';
/** A press on the room's match line: the page's first gesture, after which the browser lets it play sounds. */
const touchRoom = (page: Page) => page.locator('.room-match').click();
const yourTurn = (lang: Lang) => text(lang, 'game:signals.title');
const gameTitle = (lang: Lang) => text(lang, 'common:documentTitle', { page: text(lang, 'common:pageTitle.game') });

const entries = (page: Page) => page.locator('.moves-entry').count();

/**
 * Waits for his turn (the title says so) and plays it (one confirmed turn, or a roll with nothing to play).
 * Says whether the title then went back: it does while the bot is to act, but the bot's whole turn can come in one
 * update (a throw with nothing to play), and then it is his turn again with no title in between. The titles are
 * watched as they are set, since the bot may answer before a look at the tab.
 */
async function playOneTurn(page: Page, lang: Lang): Promise<boolean> {
  await expect.poll(() => title(page), { timeout: 30_000 }).toBe(yourTurn(lang));
  await page.evaluate(() => ((window as unknown as Watched).__titles = []));
  const titles = () => page.evaluate(() => (window as unknown as Watched).__titles);
  const before = await entries(page);
  await playOn(page, { lang }, { stop: async (h) => h === 'confirmed' || (h === 'waiting' && (await titles()).length > 0) });
  const back = async () => (await titles()).includes(gameTitle(lang));
  // His entry and the bot's in the move list, and still his turn: the bot's turn came whole.
  const again = async () => (await entries(page)) >= before + 2 && (await title(page)) === yourTurn(lang);
  await expect.poll(async () => (await back()) || (await again()), { timeout: 15_000 }).toBe(true);
  return back();
}

/** Plays his turns until the title has gone back after one (a few at most). */
async function playUntilTitleBack(page: Page, lang: Lang): Promise<void> {
  for (let turn = 0; turn < 5; turn++) if (await playOneTurn(page, lang)) return;
  throw new Error('the title never went back after his turn');
}

it('the title, a notification while hidden, and sounds that the settings mute', { timeout: 180_000 }, async () => {
  const page = await suite.player({ lang: 'en' });
  await page.context().grantPermissions(['notifications'], { origin: suite.baseUrl() });
  await watchSignals(page);

  // Notifications are off until asked for; turning them on asks the browser (allowed here).
  await open(page, '/settings');
  const notify = page.locator('input[name=notifications]');
  expect(await notify.isChecked()).toBe(false);
  expect(await page.locator('input[name=sounds]').isChecked()).toBe(true);
  await notify.check();
  await expect.poll(() => notify.isChecked(), { timeout: 15_000 }).toBe(true);
  await suite.screenshot(page, 'signals-settings-en');

  await open(page, '/');
  await playBot(page, 'en', { variant: 'short', matchLength: 1 });

  // His turn: the title says so (and sounds are heard once he has touched the page); after it, the title is back.
  await playUntilTitleBack(page, 'en');
  expect(await tones(page)).toBeGreaterThan(0);
  await suite.screenshot(page, 'signals-room-en');

  // Tab hidden (his clicks still reach it, as if the window were behind another): after his turn the bot plays,
  // and the next turn comes as a notification. None came while the page was in view.
  expect(await notes(page)).toEqual([]);
  await page.evaluate(() => ((window as unknown as Watched).__hidden = true));
  await playOneTurn(page, 'en');
  await expect.poll(async () => (await notes(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const [shown] = await notes(page);
  expect(shown!.title).toBe(text('en', 'game:signals.notifyTitle'));
  expect(shown!.body).toMatch(pattern('en', 'game:signals.yourTurn'));
  await page.evaluate(() => ((window as unknown as Watched).__hidden = false));

  // Muted in the settings (the same page, so the room's state is the one it left): a whole turn without a sound.
  const room = page.url();
  await page.locator('.user-menu summary').click();
  await page.getByRole('link', { name: text('en', 'common:nav.settings') }).click();
  await page.locator('input[name=sounds]').uncheck();
  await page.goBack();
  await page.waitForURL(room);
  const before = await tones(page);
  await playOneTurn(page, 'en');
  expect(await tones(page)).toBe(before);
});

it('the title says "your turn" in Russian', { timeout: 120_000 }, async () => {
  const page = await suite.player({ lang: 'ru' });
  await watchSignals(page);
  await open(page, '/');
  await playBot(page, 'ru', { variant: 'long', matchLength: 1 });
  await expect.poll(() => title(page), { timeout: 30_000 }).toBe(yourTurn('ru'));
  expect(yourTurn('ru')).toBe('• Вам ходить — Нарды');
  await playUntilTitleBack(page, 'ru');
});

it('the opponent doubles: the title, the "doubled" sound and, with the tab hidden, its notification', { timeout: 240_000 }, async () => {
  const stamp = Date.now().toString(36).slice(-5);
  const alice = await suite.player({ lang: 'en' });
  const bob = await suite.player({ lang: 'en' });
  await bob.context().grantPermissions(['notifications'], { origin: suite.baseUrl() });
  await watchSignals(bob);
  await signUp(alice, 'en', `alice_${stamp}`);
  await signUp(bob, 'en', `bob_${stamp}`);
  await open(bob, '/settings');
  await bob.locator('input[name=notifications]').check();
  await expect.poll(() => bob.locator('input[name=notifications]').isChecked(), { timeout: 15_000 }).toBe(true);

  await open(bob, '/');
  await createSeek(alice, 'en', { variant: 'short', matchLength: 3, cube: true });
  const gameId = await acceptSeek(bob, 'en', `alice_${stamp}`);
  expect(await gameOpened(alice)).toBe(gameId);
  await touchRoom(bob);
  // Bob looks at another tab the whole game (his clicks still reach the page).
  await bob.evaluate(() => ((window as unknown as Watched).__hidden = true));

  // Alice doubles at her first chance; Bob rolls, plays and confirms, and never doubles, until he is doubled.
  const take = button(bob, 'en', 'game:actions.take');
  /** Clicks a button that is there; a click that misses (the room changed under it) is tried again next round. */
  const press = async (l: Locator): Promise<boolean> =>
    (await l.count()) > 0 &&
    l.click({ timeout: 1_000 }).then(
      () => true,
      () => false,
    );
  const deadline = Date.now() + 180_000;
  while ((await take.count()) === 0) {
    if (Date.now() > deadline) throw new Error('Alice never doubled');
    if (await press(button(alice, 'en', 'game:actions.double'))) continue;
    if ((await press(button(alice, 'en', 'game:actions.roll'))) || (await press(button(bob, 'en', 'game:actions.roll')))) continue;
    if ((await playStep(alice, false)) || (await playStep(bob, false))) continue;
    if ((await press(alice.locator('.board-confirm:enabled'))) || (await press(bob.locator('.board-confirm:enabled')))) continue;
    await bob.waitForTimeout(50);
  }

  // The answer waits for Bob: the title says so, the "doubled" sound played, and the notification names Alice and the cube.
  await expect.poll(() => title(bob)).toBe(yourTurn('en'));
  await expect.poll(() => pitches(bob)).toContain(DOUBLED);
  await expect.poll(async () => (await notes(bob)).map((n) => n.body)).toContainEqual(text('en', 'game:signals.doubled', { name: `alice_${stamp}`, value: 2 }));
  expect((await notes(bob)).every((n) => n.title === text('en', 'game:signals.notifyTitle'))).toBe(true);
  await suite.screenshot(bob, 'signals-doubled-en');
  await take.click();
});

it('his clock runs low: the low-time sound as it goes under the mark (a 60 s move clock: 6 s)', { timeout: 150_000 }, async () => {
  const page = await suite.player({ lang: 'en' });
  await watchSignals(page);
  await open(page, '/');
  await playBot(page, 'en', { variant: 'short', matchLength: 1, clock: 'perMove' });
  await touchRoom(page);
  // His turn comes, and he waits: 54 s later his clock is at 6 s.
  await expect.poll(() => title(page), { timeout: 30_000 }).toBe(yourTurn('en'));
  expect(await pitches(page)).not.toContain(LOW_TIME);
  await expect.poll(() => pitches(page), { timeout: 70_000, interval: 1_000 }).toContain(LOW_TIME);
  await suite.screenshot(page, 'signals-low-time-en');
});
