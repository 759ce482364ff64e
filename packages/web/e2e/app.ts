/**
 * The app's pages as a player uses them: open a page, sign up, start or accept a game. Elements are found by role
 * and by the translated text the player reads (texts.ts), or by form field names.
 */
import type { Locator, Page } from 'playwright-core';
import { pattern, type Lang } from './texts';

/** Opens `path` and waits until the app is drawn and its socket is online (no connection banner). */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settled(page);
}

/** The app is drawn and online: the page container is there and the "connecting…" banner is gone. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('#main') !== null && document.querySelector('.connection-banner') === null);
}

/** A button by its translated label (any parameters). */
export const button = (scope: Page | Locator, lang: Lang, key: string) => scope.getByRole('button', { name: pattern(lang, key) });

/** Signs up a new account through /signup and waits for the lobby with the player's name in the header. */
export async function signUp(page: Page, lang: Lang, name: string, password = 'correct horse 42'): Promise<void> {
  await open(page, '/signup');
  await page.locator('input[name=name]').fill(name);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=confirm]').fill(password);
  await button(page, lang, 'auth:signup.submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByRole('banner').locator('.user-name', { hasText: name }).waitFor();
  await settled(page);
}

export interface TableChoice {
  readonly variant: 'long' | 'short' | 'caucasian';
  /** Points; 0 = money session. */
  readonly matchLength: number;
  readonly cube?: boolean;
  /** A clock preset of the form (lobby/tableForm.ts CLOCK_PRESETS); none unless given. */
  readonly clock?: string;
}

/** Fills the lobby's table settings (the fields shown for the chosen way of starting). */
async function chooseTable(page: Page, table: TableChoice): Promise<void> {
  await page.locator('select[name=variant]').selectOption(table.variant);
  await page.locator('select[name=matchLength]').selectOption(String(table.matchLength));
  if (table.cube !== undefined) await page.locator('input[name=cubeEnabled]').setChecked(table.cube);
  if (table.clock !== undefined) await page.locator('select[name=clock]').selectOption(table.clock);
}

/** Opens the lobby's full form ("Custom game", below the one-click games) unless it is open. */
export async function openCustom(page: Page, lang: Lang): Promise<void> {
  const custom = button(page, lang, 'lobby:first.custom');
  if ((await custom.getAttribute('aria-expanded')) !== 'true') await custom.click();
}

/** "New game" in one of its ways (seek, quick, bot, challenge, table): picks the way and fills the table. */
async function newGame(page: Page, lang: Lang, mode: string, table: TableChoice): Promise<void> {
  await openCustom(page, lang);
  await button(page, lang, `tableForm:newGame.mode.${mode}`).click();
  await chooseTable(page, table);
}

/** Opens a seek from the lobby; it then shows in the open seeks as the player's own. */
export async function createSeek(page: Page, lang: Lang, table: TableChoice): Promise<void> {
  await newGame(page, lang, 'seek', table);
  await button(page, lang, 'tableForm:newGame.submit.seek').click();
  await page.locator('.seek.seek-mine').waitFor();
}

/** Accepts the open seek of `by` (a display name) and waits for the game room. */
export async function acceptSeek(page: Page, lang: Lang, by: string): Promise<string> {
  const seek = page.locator('.seek', { hasText: by });
  await button(seek, lang, 'lobby:seek.accept').click();
  return gameOpened(page);
}

/** Starts a game against the bot of `level` and waits for the game room. */
export async function playBot(page: Page, lang: Lang, table: TableChoice, level = 1): Promise<string> {
  await newGame(page, lang, 'bot', table);
  await page.locator('select[name=botLevel]').selectOption(String(level));
  await button(page, lang, 'tableForm:newGame.submit.bot').click();
  return gameOpened(page);
}

/** Waits for `/game/:id` and the board in it; returns the game id. */
export async function gameOpened(page: Page): Promise<string> {
  await page.waitForURL((u) => u.pathname.startsWith('/game/'));
  await page.locator('.board-svg').waitFor();
  return decodeURIComponent(new URL(page.url()).pathname.slice('/game/'.length));
}
