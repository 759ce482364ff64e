import type { Language, Profile } from '@nardy/protocol';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from './App';
import { createChallengeStore } from './app/challenges';
import { createChipsStore } from './app/chips';
import { createSession } from './app/session';
import { createSettingsStore } from './app/settings';
import { createI18n } from './i18n/resources';
import { createApi } from './net/api';
import { createLink, type AppLink } from './net/connection';
import { FakeSocket } from './net/testing/fakeSocket';
import { MODES } from './pages/lobby/NewGame';
import { createRouter, matchRoute, type HistoryHost } from './router';

const guest: Profile = { id: 'u_g', username: 'guest-1a2b', displayName: 'Guest 1a2b', guest: true, lang: 'en', preferredSettings: null, createdAt: 1 };
const alice: Profile = { ...guest, id: 'u_a', username: 'alice', displayName: 'Alice', guest: false };

let links: AppLink[] = [];
afterEach(() => {
  for (const l of links) l.close();
  links = [];
});

const host = (path: string): HistoryHost => ({
  location: { pathname: path, search: '', hash: '', origin: 'http://nardy.test' },
  history: { pushState: () => {}, replaceState: () => {} },
  addEventListener: () => {},
});

/** An account's chips as `GET /api/me/chips` reports them (G9); a guest has none. */
const chipsOf = (profile: Profile) => ({ balance: profile.guest ? null : { free: 1250, held: 30 }, grant: 1000, entries: [] });

/** The whole app at `path`, server-rendered with a fake server; returns the markup and any missing key. */
async function render(path: string, lng: Language, profile: Profile, online = true) {
  const sockets: FakeSocket[] = [];
  const link = createLink({ url: 'ws://test/ws', createSocket: (u) => (sockets.push(new FakeSocket(u)), sockets[sockets.length - 1]!), log: () => {} });
  links.push(link);
  if (online) {
    sockets[0]!.open();
    sockets[0]!.welcome(profile.id);
  }
  const api = createApi(async (input) => {
    const body = String(input).startsWith('/api/me/chips') ? chipsOf(profile) : { user: profile };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  const session = createSession(api);
  await session.start(lng);
  const chips = createChipsStore(api, link, session);
  await new Promise((done) => setTimeout(done, 0)); // the chips' answer
  const missing: string[] = [];
  const i18n = createI18n(lng, (key) => missing.push(key));
  const services = {
    link,
    api,
    session,
    settings: createSettingsStore(null, false),
    challenges: createChallengeStore(link, () => {}),
    chips,
    navigate: () => {},
  };
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <App services={services} router={createRouter(host(path))} />
    </I18nextProvider>,
  );
  return { html, missing };
}

const PAGES = ['/', '/login', '/signup', '/settings', '/top/short', '/table/tK9f2LqXv7bN3mZr', '/no/such/page'];

describe('the app shell', () => {
  for (const lng of ['en', 'ru'] as const) {
    it(`renders every page of the shell in ${lng} with no missing text`, async () => {
      for (const path of PAGES) {
        for (const profile of [guest, alice]) {
          const { html, missing } = await render(path, lng, profile);
          expect(missing, `${path} as ${profile.username}`).toEqual([]);
          expect(html).toContain('<header class="app-header">');
        }
      }
    });
  }

  it('shows a guest the log in and sign up links, and an account the log out', async () => {
    const g = (await render('/', 'en', guest)).html;
    expect(g).toContain('href="/login"');
    expect(g).toContain('href="/signup"');
    expect(g).not.toContain('Log out');
    const a = (await render('/', 'en', alice)).html;
    expect(a).toContain('Log out');
    expect(a).toContain('href="/profile/u_a"');
    expect(a).not.toContain('href="/signup"');
  });

  it('shows an account its chips in the header (free, and on hold in small text and the tooltip), a guest none', async () => {
    const en = (await render('/', 'en', alice)).html;
    expect(en).toContain('<a class="header-chips" href="/profile/u_a" title="Your chips: 1,250 to stake, 30 on hold at your tables">');
    expect(en).toContain('<span data-chips="free">1,250 chips</span><small data-chips="held">+30 on hold</small>');
    const ru = (await render('/', 'ru', alice)).html;
    expect(ru).toContain('title="Ваши фишки: 1\u00a0250 свободно для ставок, 30 удержано за вашими столами"');
    expect(ru).toContain('<span data-chips="free">1\u00a0250 фишек</span><small data-chips="held">+30 удержано</small>');
    for (const lng of ['en', 'ru'] as const) expect((await render('/', lng, guest)).html).not.toContain('header-chips');
  });

  it('marks the current section and shows the banner only while not online', async () => {
    const top = (await render('/top/caucasian', 'ru', alice)).html;
    expect(top).toMatch(/<a href="\/top\/caucasian" aria-current="page">Лучшие игроки<\/a>/);
    expect(top).not.toContain('connection-banner');
    expect((await render('/', 'en', alice, false)).html).toContain('Connecting to the server…');
  });
});

describe('words the shell builds at run time', () => {
  it('has a title for every route and the words for every way to start a game', () => {
    const routes = ['/', '/login', '/signup', '/settings', '/top', '/game/g', '/table/t', '/profile/u', '/replay/g', '/rules', '/analysis', '/x'];
    const names = new Set(routes.map((p) => matchRoute(p).name));
    expect(names.size).toBe(12);
    for (const lng of ['en', 'ru'] as const) {
      const missing: string[] = [];
      const i18n = createI18n(lng, (key) => missing.push(key));
      for (const name of names) i18n.t(`pageTitle.${name}`);
      for (const m of MODES) for (const part of ['mode', 'hint', 'submit']) i18n.t(`tableForm:newGame.${part}.${m}`);
      expect(missing).toEqual([]);
    }
  });
});
