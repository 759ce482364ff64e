import type { OnlinePlayer } from '@nardy/protocol';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/resources';
import { OnlineRow } from './OnlineList';
import { headlineRating } from './onlineRating';
import { formFromSettings } from './tableForm';

const BORIS: OnlinePlayer = {
  user: { userId: 'u_boris', name: 'Борис', guest: false },
  ratings: [
    { variant: 'long', rating: 1500, games: 0 },
    { variant: 'short', rating: 1534, games: 3 },
    { variant: 'caucasian', rating: 1500, games: 0 },
  ],
};
const GUEST: OnlinePlayer = { user: { userId: 'u_g', name: 'Guest 7', guest: true }, ratings: BORIS.ratings };

// Prerendered, so that the lazily loaded parts (the challenge's settings form) are there too.
async function row(lang: 'en' | 'ru', player: OnlinePlayer, over: Partial<Parameters<typeof OnlineRow>[0]> = {}): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <I18nextProvider i18n={createI18n(lang)}>
      <OnlineRow player={player} mine={false} asking={false} offer={null} busy={false} failure={null} onAsk={() => {}} onSend={() => {}} {...over} />
    </I18nextProvider>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe('who is online', () => {
  it('shows the rating of the variant played most (long nardy when none), none for a guest', () => {
    expect(headlineRating(BORIS.ratings, false)).toEqual({ variant: 'short', rating: 1534, games: 3 });
    expect(
      headlineRating(
        BORIS.ratings.map((r) => ({ ...r, games: 0 })),
        false,
      )?.variant,
    ).toBe('long');
    expect(headlineRating(BORIS.ratings, true)).toBeNull();
    expect(headlineRating([], false)).toBeNull();
  });

  it('a row: the name opens the profile, the rating (every variant in its title), a challenge button', async () => {
    const html = await row('en', BORIS);
    expect(html).toContain('href="/profile/u_boris"');
    expect(html).toContain('>1534</span>');
    expect(html).toContain('Short nardy: 1534 (3 rated games)');
    expect(html).toContain('>Challenge</button>');
    expect(html).not.toContain('guest');
    const ru = await row('ru', BORIS);
    expect(ru).toContain('(3 рейтинговые партии)');
    expect(ru).toContain('>Вызвать</button>');
  });

  it('marks guests and yourself (no challenge to yourself)', async () => {
    const guest = await row('en', GUEST);
    expect(guest).toContain('>guest</span>');
    expect(guest).not.toContain('class="rating"');
    const mine = await row('en', BORIS, { mine: true });
    expect(mine).toContain('>you</span>');
    expect(mine).not.toContain('<button');
  });

  it('shows the offer before it is sent, and a refusal translated', async () => {
    const offer = { match: { variant: 'long' as const, matchLength: 3 }, rated: true, stake: 0 };
    const html = await row('en', BORIS, { asking: true, offer, failure: 'errors:NOT_CONNECTED' });
    expect(html).toContain('Challenge Борис to a game: your usual settings, to change here if you like:');
    expect(html).toContain('3 points');
    expect(html).toContain('That player is not connected right now');
    expect(html).toContain('>Send the challenge</button>');
  });

  it('opens the challenge settings to change before sending: variant, length, clock, rated (not with a guest)', async () => {
    const form = formFromSettings({ match: { variant: 'short', matchLength: 5 }, rated: true, stake: 0 }, true);
    const offer = { match: { variant: 'short' as const, matchLength: 5 }, rated: true, stake: 0 };
    const html = await row('en', BORIS, { asking: true, offer, edit: { form, casualOnly: false, onChange: () => {} } });
    for (const name of ['variant', 'matchLength', 'clock']) expect(html).toContain(`name="${name}"`);
    expect(html).toMatch(/<option value="short" selected="">/);
    expect(html).toContain('name="rated"');
    const withGuest = await row('en', GUEST, { asking: true, offer: { ...offer, rated: false }, edit: { form, casualOnly: true, onChange: () => {} } });
    expect(withGuest).toContain('name="variant"');
    expect(withGuest).not.toMatch(/name="rated"[^>]*checked/);
  });
});
