import type { Seat } from '@nardy/engine';
import type { GameView, Language } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/resources';
import { promptPhrase } from './choices';
import { say } from './phrase';
import { statusPhrase } from './status';
import { SHORT_GAME, play, viewOf, type WireAction } from './views.suite';

/** The status line as each language says it, for a seat (null: a spectator). */
function line(view: GameView): Record<Language, string> {
  const out = {} as Record<Language, string>;
  for (const lang of ['en', 'ru'] as const) {
    const t = createI18n(lang).getFixedT(lang, 'game');
    out[lang] = say((key, options) => t(key, options ?? {}), statusPhrase(view));
  }
  return out;
}

/** Short nardy with the cube and beavers: p1 (White) opened 3–1 and played it; p2 (Black) is to start his turn. */
const SHORT = { variant: 'short', cube: { beaver: true } } as const;
const OPENED = SHORT_GAME.slice(0, 2);
const at = (actions: readonly WireAction[], you: Seat | null, settings: Parameters<typeof play>[0] = SHORT): GameView => viewOf(play(settings, actions), you);

describe('the status line: who must act and what, for every phase', () => {
  it('the opening throw', () => {
    expect(line(at([], 'p1'))).toEqual({ en: 'Opening throw', ru: 'Розыгрыш первого хода' });
  });

  it('between games of a money session (G6), for the players and a spectator', () => {
    const between = [...OPENED, { type: 'surrender', seat: 'p2' } as const];
    for (const you of ['p1', null] as const) {
      expect(line(at(between, you))).toEqual({ en: 'Between games: end the session or play on', ru: 'Между партиями: завершить сессию или играть дальше' });
    }
    expect(statusPhrase(at(between, 'p1', { variant: 'short', matchLength: 5 }))).toEqual({ key: 'status.opening' });
  });

  it('the start of a turn: you roll or double; the opponent and a spectator see whose roll it is', () => {
    expect(line(at(OPENED, 'p2'))).toEqual({ en: 'You: roll or double', ru: 'Вы: бросить кости или удвоить' });
    expect(line(at(OPENED, 'p1'))).toEqual({ en: 'Black to roll', ru: 'Чёрные: бросок костей' });
    expect(line(at(OPENED, null))).toEqual({ en: 'Black to roll', ru: 'Чёрные: бросок костей' });
    // When the cube may not be offered there is only the roll; a throw the server makes by itself names no choice.
    const turn = at(OPENED, 'p2');
    expect(line({ ...turn, legal: { ...turn.legal!, actions: ['roll'] } })).toEqual({ en: 'You: roll', ru: 'Вы: бросить кости' });
    expect(line({ ...turn, legal: null })).toEqual({ en: 'You: the dice are being thrown', ru: 'Вы: кости бросаются' });
  });

  it('moving: you play the dice (or cannot); the others see who moves', () => {
    const moving = at([...OPENED, { type: 'roll', seat: 'p2', dice: [6, 4] }], 'p2');
    expect(line(moving)).toEqual({ en: 'You: play the dice', ru: 'Вы: сыграть кости' });
    expect(line({ ...moving, legal: { ...moving.legal!, turns: [] } })).toEqual({
      en: 'You: no legal move, the turn passes',
      ru: 'Вы: ходов нет, ход переходит',
    });
    expect(line(at([...OPENED, { type: 'roll', seat: 'p2', dice: [6, 4] }], 'p1'))).toEqual({ en: 'Black to move', ru: 'Чёрные: ход' });
  });

  it('a double: the one who must answer is named, with the value offered — never the doubler “to move”', () => {
    const doubled = [...OPENED, { type: 'double', seat: 'p2' }] as const;
    expect(line(at(doubled, 'p1'))).toEqual({
      en: 'You: take, beaver or pass a double to 2',
      ru: 'Вы: принять удвоение до 2, ответить бивером или отказаться',
    });
    expect(line(at(doubled, 'p2'))).toEqual({ en: 'White: take or pass a double to 2', ru: 'Белые: принять удвоение до 2 или отказаться' });
    expect(line(at(doubled, null))).toEqual({ en: 'White: take or pass a double to 2', ru: 'Белые: принять удвоение до 2 или отказаться' });
    // Without beavers the answer is take or pass.
    expect(line(at(doubled, 'p1', { variant: 'short' })).en).toBe('You: take or pass a double to 2');
    // A beaver turns the question back to the doubler, at twice the value.
    const beavered = [...doubled, { type: 'beaver', seat: 'p1' }] as const;
    expect(line(at(beavered, 'p2'))).toEqual({ en: 'You: take or pass a beaver to 4', ru: 'Вы: принять бивер до 4 или отказаться' });
    expect(line(at(beavered, 'p1'))).toEqual({ en: 'Black: take or pass a beaver to 4', ru: 'Чёрные: принять бивер до 4 или отказаться' });
  });

  it('a resign offer: the one who must answer is named', () => {
    const offered = [...OPENED, { type: 'resign', seat: 'p2', level: 'single' }] as const;
    expect(line(at(offered, 'p1'))).toEqual({ en: 'You: accept or decline a resignation', ru: 'Вы: принять или отклонить предложение сдаться' });
    expect(line(at(offered, 'p2'))).toEqual({
      en: 'White: accept or decline a resignation',
      ru: 'Белые: принять или отклонить предложение сдаться',
    });
  });

  it('the end of the match, or a game called off', () => {
    const over = at([...OPENED, { type: 'resignMatch', seat: 'p2' }], 'p1', { variant: 'short', matchLength: 3 });
    expect(over.phase).toBe('matchOver');
    expect(line(over)).toEqual({ en: 'The match is over', ru: 'Матч окончен' });
    expect(line({ ...over, end: { winner: null, reason: 'aborted' } })).toEqual({ en: 'The game was called off', ru: 'Партия отменена' });
  });

  it('names the same seat as the side panel’s prompt in every phase', () => {
    const views = [
      at(OPENED, 'p2'),
      at([...OPENED, { type: 'double', seat: 'p2' }], 'p1'),
      at([...OPENED, { type: 'double', seat: 'p2' }], 'p2'),
      at([...OPENED, { type: 'resign', seat: 'p2', level: 'single' }], 'p1'),
    ];
    // The prompt addresses the viewer exactly when the status line names him.
    for (const view of views) {
      const toYou = ['prompt.yourRoll', 'prompt.cubeToYou', 'prompt.beaverToYou', 'prompt.resignToYou'].includes(promptPhrase(view).key);
      expect(line(view).en.startsWith('You:'), promptPhrase(view).key).toBe(toYou);
    }
  });
});
