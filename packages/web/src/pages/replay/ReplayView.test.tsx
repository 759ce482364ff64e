import { matchSettings, type Action } from '@nardy/engine';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { replayLog } from '../../game/moveList';
import { createI18n } from '../../i18n/resources';
import { ReplayView, type FinishedRecord } from './ReplayView';

const ACTIONS: Action[] = [
  { type: 'opening', dice: { p1: 5, p2: 3 } },
  { type: 'roll', seat: 'p1', dice: [6, 5] },
  {
    type: 'move',
    seat: 'p1',
    steps: [
      { from: 24, to: 18 },
      { from: 18, to: 13 },
    ],
  },
  { type: 'resign', seat: 'p2', level: 'mars' },
  { type: 'acceptResign', seat: 'p1' },
];

function record(): FinishedRecord {
  const settings = matchSettings({ variant: 'long', matchLength: 1 });
  if (!settings.ok) throw new Error(settings.error.message);
  return {
    game: {
      id: 'g_1',
      variant: 'long',
      settings: settings.value,
      rated: true,
      status: 'finished',
      seats: { p1: { userId: 'u_alice', name: 'Alice', username: 'alice', guest: false }, p2: { bot: 'gnu-3' } },
      createdAt: 0,
      finishedAt: 1,
      commitment: 'c'.repeat(64),
      clientSeeds: { p1: 'a', p2: 'b' },
      version: ACTIONS.length,
      serverSeed: 'd'.repeat(64),
      recorded: { end: { winner: 'p1', reason: 'points' } },
    },
    result: null,
    actions: ACTIONS.map((action, i) => ({ seq: i + 1, action, seat: null, at: i, timeUsedMs: null })),
  };
}

const render = (initialStep: number, lang: 'en' | 'ru' = 'en', r: FinishedRecord = record()): string => {
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(lang)}>
      <ReplayView
        record={r}
        log={replayLog(
          r.game.settings,
          r.actions.map((a) => a.action),
        )}
        settings={{ autoPlayForced: false, autoConfirm: false, reducedMotion: true }}
        initialStep={initialStep}
      />
    </I18nextProvider>,
  );
};
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('ReplayView', () => {
  it('starts at step 0 with first/previous disabled, names from the record, a bot without a profile link', () => {
    const html = render(0);
    const s = text(html);
    expect(s).toContain('Replay: Alice — Bot gnu-3');
    expect(s).toContain('Step 0 of 5');
    expect(html).toMatch(/<button type="button" class="btn" disabled="">First<\/button>/);
    expect(html).toMatch(/<button type="button" class="btn">Next<\/button>/);
    expect(html).toContain('href="/profile/u_alice"');
    expect(s).toContain('Long nardy');
    expect(html).not.toContain('aria-current="step"');
  });

  it('highlights the move played at the step', () => {
    const html = render(3);
    expect(html).toMatch(/aria-current="step"[^>]*><button type="button" class="moves-jump">Alice \(White\) 6-5: 24\/13</);
    expect(text(html)).toContain('Step 3 of 5');
  });

  it('the last step: the game’s result, the match’s end, the seed and the dice check', () => {
    const html = render(5);
    const s = text(html);
    expect(s).toContain('Game 1: Alice wins — mars, resignation accepted, cube 1: 2 points.');
    expect(s).toContain('Alice wins the match: the match length was reached. Final score Alice 2 — 0 Bot gnu-3.');
    expect(html).toContain('d'.repeat(64));
    expect(html).toContain('href="/dice/g_1"');
    expect(html).toMatch(/<button type="button" class="btn" disabled="">Last<\/button>/);
  });

  it('an imported match: no seed and no dice check (the server refuses one with 409), a note that names its file instead', () => {
    const plain = record();
    const imported: FinishedRecord = { ...plain, game: { ...plain.game, imported: { fileName: 'club-night.mat', playedAt: null } } };
    for (const lang of ['en', 'ru'] as const) {
      const html = render(5, lang, imported);
      expect(html).not.toContain('href="/dice/g_1"');
      expect(html).not.toContain('d'.repeat(64));
      expect(html).toContain('href="/api/games/g_1/mat"');
      expect(text(html)).toContain(lang === 'en' ? 'Imported match' : 'Загруженный матч');
      expect(text(html)).toContain(lang === 'en' ? 'Uploaded from the file club-night.mat.' : 'Загружен из файла club-night.mat.');
    }
  });

  it('every move of the list is a button that jumps there (the click itself: terms.e2e.ts)', () => {
    const html = render(0);
    expect(html.match(/<li class="moves-entry[^"]*"[^>]*><button type="button" class="moves-jump">/g)).toHaveLength(5);
  });

  it('speaks Russian', () => {
    const s = text(render(5, 'ru'));
    expect(s).toContain('Шаг 5 из 5');
    expect(s).toContain('Длинные нарды');
    expect(s).toContain('марс');
    expect(s).toContain('2 очка');
  });

  it('scores in the plural each language wants: 2 points, 0 points; 2 очка, 0 очков', () => {
    const s = text(render(5));
    expect(s).toContain('2 points');
    expect(s).toContain('0 points');
    expect(text(render(5, 'ru'))).toContain('0 очков');
    expect(s).not.toMatch(/\bpts\b/);
  });
});
