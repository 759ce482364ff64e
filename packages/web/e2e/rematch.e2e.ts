/**
 * Losing on purpose and playing again, between two people: Alice at a desktop in English, Борис on a phone
 * (390×844) in Russian. A surrender and resigning the match are asked first, with what they cost; the resign menu
 * is shut when a game ends; after the match one offers a rematch, the other sees the offer where he is looking; the
 * offer is withdrawn and made again, the other reloads his page, still sees it in view and accepts, and both are
 * taken to the new game; after that one, Борис offers and reloads his own page: the offer stays (his page shows him
 * waiting, with "take back", in view on the phone), and Alice declines it; both are told.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { acceptSeek, button, createSeek, gameOpened, signUp } from './app';
import { browserSuite } from './browser';
import { matchOver } from './play';
import { pattern, text, type Lang } from './texts';
import { untranslated } from './untranslated';

const suite = browserSuite();
const stamp = Date.now().toString(36).slice(-5);

/** Whether the element is wholly inside the window as it is scrolled now (to a pixel): seen without scrolling. */
const inView = (l: Locator): Promise<boolean> =>
  l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= -1 && r.left >= -1 && r.bottom <= window.innerHeight + 1 && r.right <= window.innerWidth + 1;
  });

/** The resign menu: open it and choose `action` (its label has the cost in it); the confirmation comes up. */
async function concede(page: Page, lang: Lang, action: 'surrender' | 'resignMatch'): Promise<Locator> {
  const menu = page.locator('.room-more');
  if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
  await button(menu, lang, `game:actions.${action}`).click();
  const confirm = page.getByRole('group', { name: text(lang, 'game:confirm.title') });
  await confirm.waitFor();
  return confirm;
}

/** The rematch part of the result panel. */
const rematch = (page: Page): Locator => page.locator('.room-result .actions');

it(
  'a surrender and the match resigned after their confirmations; a rematch offered, seen on a phone, accepted; the next one declined',
  { timeout: 240_000 },
  async () => {
    const aliceName = `alice_${stamp}`;
    const borisName = `борис_${stamp}`;
    const alice = await suite.player({ lang: 'en' });
    const boris = await suite.player({ lang: 'ru', phone: true });
    await boris.setViewportSize({ width: 390, height: 844 });
    await signUp(alice, 'en', aliceName);
    await signUp(boris, 'ru', borisName);
    await createSeek(alice, 'en', { variant: 'short', matchLength: 5, cube: false });
    const first = await acceptSeek(boris, 'ru', aliceName);
    expect(await gameOpened(alice)).toBe(first);

    // Alice surrenders the first game: asked first, with its cost (a backgammon at the start: 3 points), once kept playing.
    let confirm = await concede(alice, 'en', 'surrender');
    expect(await confirm.innerText()).toContain(
      text('en', 'game:confirm.surrender', { name: borisName, kind: text('en', 'game:kinds.koks_short'), points: '3 points' }),
    );
    await button(confirm, 'en', 'game:confirm.cancel').click();
    await confirm.waitFor({ state: 'detached' });
    confirm = await concede(alice, 'en', 'surrender');
    await button(confirm, 'en', 'game:confirm.yes.surrender').click();
    // The next game begins with the menu shut.
    await alice.locator('.room-result-games li').first().waitFor();
    await alice.locator('.room-more summary').waitFor();
    expect(await alice.locator('.room-more').getAttribute('open')).toBeNull();
    await expect.poll(() => boris.locator('.room-match').innerText()).toContain(text('ru', 'game:match.toPoints', { length: 5, game: 2 }));

    // Борис resigns the match on his phone: the confirmation names the score and is in view where he tapped.
    confirm = await concede(boris, 'ru', 'resignMatch');
    expect(await confirm.innerText()).toContain(text('ru', 'game:confirm.resignMatch', { name: aliceName, length: 5, you: 3, them: 0 }));
    expect(await inView(confirm)).toBe(true);
    expect(await untranslated(boris, 'ru')).toEqual([]);
    await suite.screenshot(boris, 'rematch-ru-phone-confirm');
    await button(confirm, 'ru', 'game:confirm.yes.resignMatch').click();
    for (const [page, lang] of [
      [alice, 'en'],
      [boris, 'ru'],
    ] as const) {
      await expect.poll(() => matchOver(page).innerText()).toMatch(pattern(lang, 'game:result.matchWon'));
      expect(await page.locator('.room-more').count()).toBe(0);
    }

    // Alice offers a rematch: she waits for Борис, who sees the offer on his phone without scrolling, though he was
    // looking at the board.
    await boris.evaluate(() => window.scrollTo(0, 0));
    await button(alice, 'en', 'game:rematch.offer').click();
    await rematch(alice)
      .getByText(text('en', 'game:rematch.waiting', { name: borisName }))
      .waitFor();
    const offer = rematch(boris).getByText(text('ru', 'game:rematch.offered', { name: aliceName }));
    await offer.waitFor();
    expect(await inView(offer)).toBe(true);
    expect(await inView(button(boris, 'ru', 'game:rematch.accept'))).toBe(true);
    expect(await inView(button(boris, 'ru', 'game:rematch.decline'))).toBe(true);
    expect(await untranslated(boris, 'ru')).toEqual([]);
    await suite.screenshot(boris, 'rematch-ru-phone-offer');
    await suite.screenshot(alice, 'rematch-en-waiting');
    // Alice takes it back: the offer goes from Борис's phone, who may offer one himself; then she offers again.
    await button(alice, 'en', 'game:rematch.withdraw').click();
    await offer.waitFor({ state: 'detached' });
    await button(boris, 'ru', 'game:rematch.offer').waitFor();
    await button(alice, 'en', 'game:rematch.offer').click();
    await offer.waitFor();
    // Борис reloads his page before answering: the offer and its answers are still there, and Alice still waits.
    await boris.reload();
    await offer.waitFor();
    await button(boris, 'ru', 'game:rematch.decline').waitFor();
    await expect.poll(() => inView(offer)).toBe(true);
    expect(await inView(button(boris, 'ru', 'game:rematch.accept'))).toBe(true);
    await suite.screenshot(boris, 'rematch-ru-phone-offer-reloaded');
    await rematch(alice)
      .getByText(text('en', 'game:rematch.waiting', { name: borisName }))
      .waitFor();
    await button(boris, 'ru', 'game:rematch.accept').click();

    // Both are taken to the new game.
    await boris.waitForURL((u) => u.pathname !== `/game/${first}`);
    const second = await gameOpened(boris);
    await alice.waitForURL((u) => u.pathname === `/game/${second}`);
    expect(await gameOpened(alice)).toBe(second);
    expect(second).not.toBe(first);
    // Each got the new game's dice commitment before his seed went (issue 40 item 20): Alice asked for it with her
    // offer, Борис saw it with the offer he accepted (after his reload, from the snapshot) and named it.
    await alice.locator('.dice-proof').getByText(text('en', 'game:dice.before')).waitFor();
    await boris.locator('.dice-proof').getByText(text('ru', 'game:dice.before')).waitFor();

    // That match Alice resigns at once; Борис offers another rematch, Alice declines, and both are told.
    confirm = await concede(alice, 'en', 'resignMatch');
    expect(await confirm.innerText()).toContain(text('en', 'game:confirm.resignMatch', { name: borisName, length: 5, you: 0, them: 0 }));
    await button(confirm, 'en', 'game:confirm.yes.resignMatch').click();
    await expect.poll(() => matchOver(boris).innerText()).toMatch(pattern('ru', 'game:result.matchWon'));
    await button(boris, 'ru', 'game:rematch.offer').click();
    // Борис reloads his own page: the offer is his, not his old page's; he is shown waiting, with "take back", in view.
    const waiting = rematch(boris).getByText(text('ru', 'game:rematch.waiting', { name: aliceName }));
    await waiting.waitFor();
    await boris.reload();
    await waiting.waitFor();
    await expect.poll(() => inView(waiting)).toBe(true);
    expect(await inView(button(boris, 'ru', 'game:rematch.withdraw'))).toBe(true);
    expect(await untranslated(boris, 'ru')).toEqual([]);
    await suite.screenshot(boris, 'rematch-ru-phone-offerer-reloaded');
    await boris.evaluate(() => window.scrollTo(0, 0));
    await rematch(alice)
      .getByText(text('en', 'game:rematch.offered', { name: borisName }))
      .waitFor();
    await button(alice, 'en', 'game:rematch.decline').click();
    await rematch(alice).getByText(text('en', 'game:rematch.youDeclined')).waitFor();
    const declined = rematch(boris).getByText(text('ru', 'game:rematch.declined', { name: aliceName }));
    await declined.waitFor();
    expect(await inView(declined)).toBe(true);
    expect(await button(boris, 'ru', 'game:rematch.offer').count()).toBe(0);
    await suite.screenshot(boris, 'rematch-ru-phone-declined');
    // Nobody was moved: both still look at the finished game.
    expect(new URL(alice.url()).pathname).toBe(`/game/${second}`);
    expect(new URL(boris.url()).pathname).toBe(`/game/${second}`);
  },
);
