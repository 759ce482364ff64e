/**
 * Both languages, every page that needs no game: drawn with no missing key and no text of the other language;
 * the language comes from the browser, the switch changes it at once, and the choice survives a reload.
 */
import { describe, expect, it } from 'vitest';
import { open, signUp } from './app';
import { browserSuite } from './browser';
import { LANGS, text } from './texts';
import { createTournament } from './tournament';
import { untranslated } from './untranslated';

const suite = browserSuite();

const PAGES = [
  '/',
  '/login',
  '/signup',
  '/settings',
  '/top/long',
  '/top/short',
  '/ratings',
  '/tournaments',
  '/rules/long',
  '/rules/short',
  '/rules/caucasian',
  '/no/such/page',
];

describe.each(LANGS)('in %s', (lang) => {
  it('every page is translated', async () => {
    const page = await suite.player({ lang });
    for (const path of PAGES) {
      await open(page, path);
      expect(await page.evaluate(() => document.documentElement.lang), path).toBe(lang);
      expect(await untranslated(page, lang), path).toEqual([]);
    }
  });

  it('a tournament page, registering', async () => {
    const page = await suite.player({ lang });
    await signUp(page, lang, `i18n_${lang}_${Date.now().toString(36).slice(-5)}`);
    await createTournament(page, lang, `Cup ${lang}`, { format: 'swiss', maxPlayers: 8, rounds: 3 });
    await page.locator('.tournament-countdown').waitFor();
    expect(await untranslated(page, lang)).toEqual([]);
  });

  it('the lobby on a desktop and on a phone (screenshots)', async () => {
    const desktop = await suite.player({ lang });
    await open(desktop, '/');
    await desktop.getByRole('heading', { name: text(lang, 'lobby:first.title') }).waitFor();
    await suite.screenshot(desktop, `lobby-${lang}`);
    const phone = await suite.player({ lang, phone: true });
    await open(phone, '/');
    await phone.getByRole('heading', { name: text(lang, 'lobby:first.title') }).waitFor();
    // Nothing sticks out sideways at 360 px.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await suite.screenshot(phone, `lobby-${lang}-phone`);
  });
});

it('the language switch changes the page at once and is remembered', async () => {
  const page = await suite.player({ lang: 'en' });
  await open(page, '/rules/long');
  await page.getByRole('heading', { level: 1, name: text('en', 'rules:pageTitle', { variant: text('en', 'common:variant.long') }) }).waitFor();
  await page.getByRole('button', { name: text('en', 'common:lang.ru') }).click();
  await page.getByRole('heading', { level: 1, name: text('ru', 'rules:pageTitle', { variant: text('ru', 'common:variant.long') }) }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
  await page.reload();
  await page.getByRole('heading', { level: 1, name: text('ru', 'rules:pageTitle', { variant: text('ru', 'common:variant.long') }) }).waitFor();
  expect(await untranslated(page, 'ru')).toEqual([]);
});

it('the check itself sees a raw key and a text of the other language', async () => {
  const page = await suite.player({ lang: 'ru' });
  await open(page, '/');
  const english = text('en', 'tableForm:newGame.title');
  await page.evaluate((en) => {
    const p = document.createElement('p');
    p.append('tableForm:newGame.title', document.createElement('br'), en);
    p.setAttribute('aria-label', 'seek.none');
    document.body.append(p);
  }, english);
  expect(await untranslated(page, 'ru')).toEqual(['seek.none', 'tableForm:newGame.title', english]);
});
