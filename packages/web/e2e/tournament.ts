/** The browser suite's tournament steps: create through the list page's form, register, resign a match. */
import type { Page } from 'playwright-core';
import { button, open } from './app';
import { matchOver } from './play';
import { text, type Lang } from './texts';

export interface TournamentChoice {
  readonly format?: 'knockout' | 'swiss' | 'roundRobin' | 'arena';
  readonly maxPlayers: number;
  /** Swiss. */
  readonly rounds?: number;
  /** Arena: its length, and its start this many seconds from now. */
  readonly minutes?: number;
  readonly startInS?: number;
  /** A casual sit-and-go's empty seats filled by bots. */
  readonly bots?: boolean;
}

/** Creates a casual short-nardy tournament of one-point matches through the list page's form; returns its page's path. */
export async function createTournament(page: Page, lang: Lang, name: string, choice: TournamentChoice): Promise<string> {
  await open(page, '/tournaments');
  await page.locator('summary', { hasText: text(lang, 'tournaments:create.open') }).click();
  await page.locator('input[name=name]').fill(name);
  await page.locator('select[name=format]').selectOption(choice.format ?? 'knockout');
  await page.locator('select[name=variant]').selectOption('short');
  await page.locator('select[name=matchLength]').selectOption('1');
  await page.locator('select[name=clock]').selectOption('fischer');
  await page.locator('input[name=maxPlayers]').fill(String(choice.maxPlayers));
  await page.locator('input[name=rated]').uncheck();
  if (choice.rounds !== undefined) await page.locator('input[name=rounds]').fill(String(choice.rounds));
  if (choice.minutes !== undefined) await page.locator('input[name=minutes]').fill(String(choice.minutes));
  if (choice.startInS !== undefined) {
    // The player's own time with seconds (the field takes them; the picker shows minutes).
    const at = await page.evaluate((s) => {
      const d = new Date(Date.now() + s * 1000);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
    }, choice.startInS);
    await page.locator('input[name=startAt]').fill(at);
  }
  if (choice.bots) await page.locator('input[name=bots]').check();
  await button(page, lang, 'tournaments:create.submit').click();
  await page.waitForURL((u) => u.pathname.startsWith('/tournament/'));
  return new URL(page.url()).pathname;
}

/** Each player opens the tournament (the first is on it) and registers. */
export async function registerAll(pages: readonly Page[], langs: readonly Lang[], names: readonly string[], path: string): Promise<void> {
  for (const [i, page] of pages.entries()) {
    if (i > 0) await open(page, path);
    await button(page, langs[i]!, 'tournaments:action.register').click();
    await page.locator('.entrant-list', { hasText: names[i]! }).waitFor();
  }
}

/** Resigns the match of the game page open. */
export async function resignMatch(page: Page, lang: Lang): Promise<void> {
  await page.locator('.room-more summary').click();
  await button(page, lang, 'game:actions.resignMatch').click();
  await button(page, lang, 'game:confirm.yes.resignMatch').click();
  await matchOver(page).waitFor();
}

/**
 * Plays the player's matches until the tournament is over by resigning each, back on its page after every one;
 * a match against `spare` is left to him (he resigns it). Returns how many he resigned.
 */
export async function resignEach(page: Page, lang: Lang, path: string, spare?: string): Promise<number> {
  const seen: string[] = [];
  let resigned = 0;
  await open(page, path);
  for (;;) {
    const next = await page.waitForFunction(
      (old) => {
        if (document.querySelector('.badge-finished')) return { href: null, who: '' };
        const play = document.querySelector('.your-match a[href^="/game/"]');
        const href = play?.getAttribute('href') ?? null;
        return href !== null && !old.includes(href) ? { href, who: document.querySelector('.your-match')?.textContent ?? '' } : null;
      },
      seen,
      { timeout: 150_000 },
    );
    const { href, who } = (await next.jsonValue())!;
    if (href === null) return resigned;
    seen.push(href);
    if (spare !== undefined && who.includes(spare)) continue;
    await open(page, href);
    await resignMatch(page, lang);
    resigned++;
    await open(page, path);
  }
}
