import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en/board.json';
import ru from '../i18n/locales/ru/board.json';
import { Board } from './Board';
import { model, nextFrom, side, steps } from './testModels';
import type { BoardInput } from './types';

/** Every key of a translation tree, plural forms folded into their base key. */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k.replace(/_(one|few|many|other)$/, '')}`],
  );
}

describe('board translations', () => {
  it('English and Russian have the same keys', () => {
    expect([...new Set(keys(ru))].sort()).toEqual([...new Set(keys(en))].sort());
  });

  it.each([
    ['en', en],
    ['ru', ru],
  ] as const)('%s: every string the board asks for exists (no raw key is rendered)', async (lng, board) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng, resources: { [lng]: { board } }, ns: ['board'], defaultNS: 'board' });
    const t = i18n.getFixedT(lng, 'board');
    const m = model('short', {
      board: { white: side({ 25: 1, 0: 2, 13: 7, 8: 3, 6: 2 }), black: side({ 25: 1, 0: 1, 24: 2, 13: 5, 6: 6 }) },
      dice: [5, 5],
      cube: { value: 2, owner: 'white' },
    });
    const turn = steps('25/20 13/8 13/8 8/3');
    const input: BoardInput = { color: 'white', next: nextFrom([turn]), turns: [turn, steps('25/20 20/15 15/10 10/5')] };
    const html = renderToStaticMarkup(
      <Board
        model={m}
        orientation="white"
        input={input}
        settings={{ autoPlayForced: false, autoConfirm: false, reducedMotion: false }}
        onTurn={() => {}}
        t={t}
      />,
    );
    for (const key of new Set(keys(en))) expect(html, key).not.toContain(`>${key}<`);
    expect(html).not.toMatch(/"(point|mark|cube|die|off|toMove|color)\.[a-z]+/);
    if (lng === 'ru') {
      expect(html).toContain('Пункт 13: 7 белых шашек');
      expect(html).toContain('Пункт 8: 3 белые шашки');
      expect(html).toContain('Куб даве 2, у белых');
    }
  });
});
