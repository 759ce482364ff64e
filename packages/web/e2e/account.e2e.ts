/**
 * A player's password and sessions: sign-up refuses a common password or one holding the name, by the password
 * field, in the player's language; on the settings page the password is changed (another device is logged out)
 * and "log out everywhere" ends every session.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button, open, settled, signUp } from './app';
import { browserSuite } from './browser';
import { text, type Lang } from './texts';
import { untranslated } from './untranslated';

const suite = browserSuite();

async function fillSignUp(page: Page, lang: Lang, name: string, password: string): Promise<void> {
  await page.locator('input[name=name]').fill(name);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=confirm]').fill(password);
  await button(page, lang, 'auth:signup.submit').click();
}

async function logIn(page: Page, lang: Lang, name: string, password: string): Promise<void> {
  await open(page, '/login');
  await page.locator('input[name=name]').fill(name);
  await page.locator('input[name=password]').fill(password);
  await button(page, lang, 'auth:login.submit').click();
  await page.getByRole('banner').locator('.user-name', { hasText: name }).waitFor();
}

describe.each([
  ['ru', false],
  ['en', true],
] as const)('in %s (phone: %s)', (lang, phone) => {
  it('sign-up says why a password is refused: too common, or holding the name', async () => {
    const page = await suite.player({ lang, phone });
    const name = `Vera${lang}`;
    await open(page, '/signup');
    await fillSignUp(page, lang, name, 'password1');
    await page.getByText(text(lang, 'errors:WEAK_PASSWORD')).waitFor();
    await suite.screenshot(page, `signup-weak-${lang}${phone ? '-phone' : ''}`);
    await fillSignUp(page, lang, name, `${name}-${name}`);
    await page.getByText(text(lang, 'errors:PASSWORD_HAS_NAME')).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    await fillSignUp(page, lang, name, 'correct horse 42');
    await page.getByRole('banner').locator('.user-name', { hasText: name }).waitFor();
  });
});

describe.each([
  ['en', false],
  ['ru', true],
] as const)('settings in %s (phone: %s)', (lang, phone) => {
  it('change the password (the other device is logged out), then log out everywhere', async () => {
    const name = `Pavel${lang}`;
    const page = await suite.player({ lang, phone });
    await signUp(page, lang, name);
    const other = await suite.player({ lang });
    await logIn(other, lang, name, 'correct horse 42');

    await open(page, '/settings');
    await page.locator('input[name=currentPassword]').waitFor();
    expect(await untranslated(page, lang)).toEqual([]);
    await page.locator('input[name=currentPassword]').fill('not my password');
    await page.locator('input[name=newPassword]').fill('new horse battery');
    await page.locator('input[name=confirmPassword]').fill('new horse battery');
    await button(page, lang, 'settings:password.submit').click();
    await page.getByText(text(lang, 'errors:WRONG_PASSWORD')).waitFor();
    await page.locator('input[name=currentPassword]').fill('correct horse 42');
    await button(page, lang, 'settings:password.submit').click();
    await page.getByText(text(lang, 'settings:password.changed')).waitFor();
    expect(await page.locator('input[name=currentPassword]').inputValue()).toBe('');
    await suite.screenshot(page, `settings-password-${lang}${phone ? '-phone' : ''}`);

    // The other device's session ended and its socket was closed: that page goes on as a guest by itself.
    await other.locator('.user-menu .badge', { hasText: text(lang, 'common:user.guest') }).waitFor({ state: 'attached' });
    await expect(other.getByRole('banner').locator('.user-name', { hasText: name }).count()).resolves.toBe(0);

    await button(page, lang, 'settings:everywhere.button').click();
    await button(page, lang, 'settings:everywhere.confirm').click();
    await page.waitForURL((u) => u.pathname === '/');
    await settled(page);
    await expect(page.getByRole('banner').locator('.user-name', { hasText: name }).count()).resolves.toBe(0);
    await logIn(page, lang, name, 'new horse battery');
  });
});
