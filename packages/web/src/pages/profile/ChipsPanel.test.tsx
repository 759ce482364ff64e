import type { ChipsReport, Language, UserGames } from '@nardy/protocol';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/resources';
import { ChipsPanel } from './ChipsPanel';
import { ProfileView } from './ProfileView';

const AT = 1_767_225_600_000;
const REPORT: ChipsReport = {
  balance: { free: 1010, held: 30 },
  grant: 1000,
  entries: [
    { id: 9, kind: 'hold', account: 'held', amount: 30, gameId: 'g_new', at: AT + 60_000 },
    { id: 7, kind: 'settle', account: 'free', amount: 10, gameId: 'g_old', at: AT },
    { id: 1, kind: 'grant', account: 'free', amount: 1000, gameId: null, at: AT - 60_000 },
  ],
};

function render(report: ChipsReport | null, lang: Language = 'en') {
  const missing: string[] = [];
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(lang, (key) => missing.push(key))}>
      <ChipsPanel report={report} lang={lang} />
    </I18nextProvider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '), missing };
}

describe("the chips on one's profile (G9)", () => {
  it('shows the free chips, those on hold, and the latest ledger rows signed, with their games', () => {
    const { html, text, missing } = render(REPORT);
    expect(missing).toEqual([]);
    expect(html).toMatch(/data-chips="free">1,010</);
    expect(html).toMatch(/data-chips="held">30</);
    expect(text).toContain('+30 held for a table on hold');
    expect(text).toContain('+10 result of a game free');
    expect(text).toContain('+1,000 starting grant free');
    expect(html).toContain('href="/game/g_new"');
    expect(html.match(/class="chips-line"/g)).toHaveLength(3);
    // The panel is a block of its own: not the global `.chips` row of tags (flex), which ran it into one line.
    expect(html).toMatch(/^<section class="chips-panel"/);
  });

  it('in Russian too, and a loss shows as an outflow', () => {
    const lost: ChipsReport = { ...REPORT, entries: [{ id: 8, kind: 'settle', account: 'held', amount: -30, gameId: 'g_x', at: AT }] };
    const { html, text, missing } = render(lost, 'ru');
    expect(missing).toEqual([]);
    expect(text).toContain('Фишки');
    expect(text).toContain('Свободно:');
    expect(text).toMatch(/-30 итог партии удержанные/);
    expect(html).toContain('chips-amount--out');
  });

  it('tells a guest that only registered players play for chips, and shows loading before the answer', () => {
    expect(render({ balance: null, grant: 1000, entries: [] }).text).toContain('Guests play without chips. Sign up and your account starts with 1,000 chips');
    expect(render(null).text).toContain('Loading your chips');
    expect(render(null, 'ru').missing).toEqual([]);
  });

  it("is shown on one's own profile only", () => {
    const data: UserGames = { user: { id: 'u_a', name: 'Alice', username: 'alice' }, games: [], next: null };
    const page = (own: boolean) =>
      renderToStaticMarkup(
        <I18nextProvider i18n={createI18n('en')}>
          <ProfileView data={data} own={own} lang="en" loadingMore={false} onMore={() => {}} chips={<ChipsPanel report={REPORT} lang="en" />} />
        </I18nextProvider>,
      );
    expect(page(true)).toContain('data-chips="free"');
    expect(page(false)).not.toContain('data-chips');
  });
});
