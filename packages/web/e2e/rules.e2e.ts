/**
 * The rules pages in the app: reached from the header, switched between variants without reloading the app,
 * rule ids citable as links (`/rules/long#L10` opens at L10), the contents jump to their sections.
 */
import { expect, it } from 'vitest';
import { open } from './app';
import { browserSuite } from './browser';
import { text, type Lang } from './texts';

const suite = browserSuite();

const title = (lang: Lang, variant: string) => text(lang, 'rules:pageTitle', { variant: text(lang, `common:variant.${variant}`) });

it('from the header to each variant, without reloading the app', async () => {
  const page = await suite.player({ lang: 'en' });
  await open(page, '/');
  await page.evaluate(() => ((window as unknown as { e2eMark: boolean }).e2eMark = true));
  await page
    .getByRole('navigation', { name: text('en', 'common:nav.label') })
    .getByRole('link', { name: text('en', 'common:nav.rules') })
    .click();
  await page.getByRole('heading', { level: 1, name: title('en', 'long') }).waitFor();
  const variants = page.getByRole('navigation', { name: text('en', 'rules:otherVariants') });
  for (const v of ['short', 'caucasian', 'long']) {
    await variants.getByRole('link', { name: text('en', `common:variant.${v}`) }).click();
    await page.getByRole('heading', { level: 1, name: title('en', v) }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/rules/${v}`);
  }
  expect(await page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark)).toBe(true);
});

it('a rule id in the address opens the page at that rule; the contents jump to sections', async () => {
  const page = await suite.player({ lang: 'ru' });
  await open(page, '/rules/long#L16');
  const tag = page.locator('#L16');
  await expect.poll(() => tag.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(100);
  await suite.screenshot(page, 'rules-ru-L16');

  const contents = page.getByRole('navigation', { name: text('ru', 'rules:contents') });
  await contents.getByRole('link', { name: text('ru', 'rules:doc.long.sections.5.title') }).click();
  expect(new URL(page.url()).hash).toBe('#long-block');
  await expect.poll(() => page.locator('#long-block').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(100);
});

it('fits a phone held upright', async () => {
  const page = await suite.player({ lang: 'ru', phone: true });
  for (const v of ['long', 'short', 'caucasian']) {
    await open(page, `/rules/${v}`);
    await page.getByRole('heading', { level: 1, name: title('ru', v) }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), v).toBe(true);
  }
  await suite.screenshot(page, 'rules-ru-phone');
});
