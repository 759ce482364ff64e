import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/resources';
import { say } from './phrase';
import { matchEndPhrase } from './results';

const names = { p1: 'Alice', p2: 'Борис' };
const score = { p1: 1, p2: 4 };

/** The end of the match or session as each language says it. */
function said(matchLength: number, reason: 'resignMatch' | 'sessionEnded' | 'points') {
  const out: Record<string, string> = {};
  for (const lang of ['en', 'ru'] as const) {
    const t = createI18n(lang).getFixedT(lang, 'game');
    out[lang] = say((key, options) => t(key, options ?? {}), matchEndPhrase({ winner: 'p2', reason }, score, names, matchLength));
  }
  return out;
}

describe('the end of a match or a money session in words', () => {
  it('a money session is won by the player ahead, and resigning it resigns the session (G6)', () => {
    expect(said(0, 'sessionEnded')).toEqual({
      en: 'Борис wins the session: the session was ended. Final score Alice 1 — 4 Борис.',
      ru: 'Сессию выиграл(а) Борис: сессия завершена. Итоговый счёт Alice 1 — 4 Борис.',
    });
    expect(said(0, 'resignMatch').en).toBe('Борис wins the session: the session was resigned. Final score Alice 1 — 4 Борис.');
    expect(said(0, 'resignMatch').ru).toContain('сессия сдана');
  });

  it('a match is won as a match', () => {
    expect(said(5, 'resignMatch').en).toBe('Борис wins the match: the match was resigned. Final score Alice 1 — 4 Борис.');
  });
});
