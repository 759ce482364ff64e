/// <reference types="node" />
/**
 * One Chromium per test file, a fresh context (cookies, storage) per player. Every page's uncaught errors and
 * console errors fail the test, and so does anything the server's Content-Security-Policy blocks; a failed test
 * leaves a screenshot of each open page in test-results/web-e2e/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { ARTIFACTS, CHROMIUM } from './paths';
import type { Lang } from './texts';

interface PlayerOptions {
  /** The browser's language (navigator.languages): the app starts in it. */
  readonly lang: Lang;
  /** A phone held upright (360×640, touch) instead of a desktop window. */
  readonly phone?: boolean;
}

export interface Suite {
  readonly baseUrl: () => string;
  /** A new player: a fresh browser context with one page. */
  readonly player: (options: PlayerOptions) => Promise<Page>;
  /** Saves a screenshot as test-results/web-e2e/<name>.png and returns its path. */
  readonly screenshot: (page: Page, name: string) => Promise<string>;
}

/** Console errors that are the network's report of an expected answer (a 401 before logging in), not the app's. */
const EXPECTED = /Failed to load resource|WebSocket connection to .* failed/;

export function browserSuite(): Suite {
  let browser: Browser | null = null;
  let contexts: BrowserContext[] = [];
  let errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM });
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      const name = ctx.task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
      let i = 0;
      for (const c of contexts)
        for (const p of c.pages()) await p.screenshot({ path: join(ARTIFACTS, `failed-${name}-${i++}.png`), fullPage: true }).catch(() => {});
    }
    await Promise.all(contexts.map((c) => c.close().catch(() => {})));
    contexts = [];
    const seen = errors;
    errors = [];
    expect(seen, 'errors in the pages').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const screenshot = async (page: Page, name: string): Promise<string> => {
    const path = join(ARTIFACTS, `${name}.png`);
    await page.screenshot({ path });
    return path;
  };

  const player = async ({ lang, phone = false }: PlayerOptions): Promise<Page> => {
    if (!browser) throw new Error('the browser is not started');
    const context = await browser.newContext({
      baseURL: inject('baseUrl'),
      locale: lang === 'ru' ? 'ru-RU' : 'en-US',
      ...(phone ? { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport: { width: 1280, height: 900 } }),
    });
    contexts.push(context);
    // Each player fixes his own dice seed (G10; net/clientSeed.ts): with the server's fixed seed, the same run
    // throws the same dice.
    const seed = `e2e-player-${contexts.length}`;
    await context.addInitScript((s) => localStorage.setItem('nardy.clientSeed', s), seed);
    // Reported as a console error, whatever Chromium itself logs about it.
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`)),
    );
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && !EXPECTED.test(m.text())) errors.push(`${page.url()}: console: ${m.text()}`);
    });
    return page;
  };

  return { baseUrl: () => inject('baseUrl'), player, screenshot };
}
