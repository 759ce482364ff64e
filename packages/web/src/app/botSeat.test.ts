import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/resources';
import type { Translate } from '../game/phrase';
import { botSeatName } from './botSeat';

describe('a recorded bot seat by name', () => {
  it('the server’s bots by their level, in both languages; another engine’s id as it is', () => {
    const en = createI18n('en').t as Translate;
    const ru = createI18n('ru').t as Translate;
    expect(botSeatName(en, 'bot-1')).toBe('Bot, level 1');
    expect(botSeatName(ru, 'bot-10')).toBe('Бот, уровень 10');
    expect(botSeatName(en, 'gnu-5')).toBe('Bot gnu-5');
    expect(botSeatName(ru, 'gnu-5')).toBe('Бот gnu-5');
  });
});
