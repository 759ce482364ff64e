import type { Seat } from '@nardy/engine';
import type { GameView, Language } from '@nardy/protocol';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/resources';
import type { GameUpdate } from '../net/types';
import { concessionCost } from './choices';
import { say } from './phrase';
import { initialRoom, roomReducer, type RoomState } from './roomState';
import { RoomView } from './RoomView';
import { NOW, SHORT_GAME, timeline, type WireAction } from './views.suite';

const SETTINGS = { autoPlayForced: false, autoConfirm: false, reducedMotion: true } as const;

function roomOf(updates: readonly GameUpdate[], more: Partial<RoomState> = {}): RoomState {
  return { ...updates.reduce((s, update) => roomReducer(s, { type: 'update', update }), initialRoom), ...more };
}

function render(state: RoomState, lang: Language = 'en', abortRefused = false): string {
  const view = state.view;
  if (!view) throw new Error('no view');
  const noop = () => undefined;
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(lang)}>
      <RoomView
        gameId={view.gameId}
        state={{ ...state, view }}
        serverNow={() => NOW}
        busy={false}
        boardKey={0}
        settings={SETTINGS}
        act={noop}
        claim={noop}
        next={noop}
        abortRefused={abortRefused}
        sendChat={() => Promise.resolve(true)}
        onRematch={noop}
        dismiss={noop}
      />
    </I18nextProvider>,
  );
}

/** The text of the markup, tags dropped and entities kept (so escaping stays visible). */
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const LONG_FIRST_TURN: WireAction[] = [
  { type: 'opening', dice: { p1: 5, p2: 3 } },
  { type: 'roll', seat: 'p1', dice: [6, 5] },
];
const SHORT = SHORT_GAME.slice(0, 5);

describe('RoomView', () => {
  it('your turn to move: the prompt, both players with profile links, the move list, what giving up costs', () => {
    const html = render(roomOf(timeline({ variant: 'long', matchLength: 3 }, LONG_FIRST_TURN, 'p1')));
    const s = text(html);
    expect(s).toContain('Your move: play the dice on the board, then confirm.');
    expect(html).toContain('href="/profile/u_alice"');
    expect(html).toContain('href="/profile/u_boris"');
    expect(s).toContain('Match to 3 · game 1');
    expect(s).toContain('Opening throw: Alice 5, Борис 3');
    expect(s).toContain('Offer to resign — oin, 1 point');
    expect(s).toContain('Offer to resign — mars, 2 points');
    expect(s).toContain('Surrender now — valued by the position: mars, 2 points');
    expect(s).toContain('Resign the match');
    expect(s).not.toContain('Roll');
    expect(html).toContain('<svg');
  });

  it('a table with a stake shows it and the chips held (G9: 10× the stake with the cube); none without a stake', () => {
    const state = roomOf(timeline({ variant: 'short', cube: { beaver: true } }, SHORT, 'p2'));
    expect(text(render(state))).not.toContain('Stake');
    const staked = { ...state, view: { ...state.view!, settings: { ...state.view!.settings, stake: 10 } } };
    expect(text(render(staked))).toContain('Stake 10 per point · 100 held');
    expect(text(render(staked, 'ru'))).toContain('Ставка 10 за очко · удержано 100');
  });

  it('a cube offered to you: what taking and passing mean, in both languages', () => {
    const state = roomOf(timeline({ variant: 'short', cube: { beaver: true } }, SHORT, 'p2'));
    const en = text(render(state));
    expect(en).toContain('Alice offers to double to 2: take and play for 2 points, or pass and lose 1 point.');
    expect(en).toContain('Take (cube 2)');
    expect(en).toContain('Beaver (cube 4)');
    expect(en).toContain('Pass (lose 1 point)');
    expect(en).toContain('Alice doubles to 2');
    const ru = text(render(state, 'ru'));
    expect(ru).toContain('Alice предлагает даве — удвоить до 2: примите и играйте на 2 очка или откажитесь и проиграйте 1 очко.');
    expect(ru).toContain('Отказаться (проиграть 1 очко)');
  });

  it('between games of a money session: the countdown, "Next game" and "End the session" under the board, in both languages', () => {
    const t = timeline(
      { variant: 'short', matchLength: 0 },
      [
        { type: 'opening', dice: { p1: 5, p2: 3 } },
        { type: 'surrender', seat: 'p2' },
      ],
      'p1',
    );
    const last = t[t.length - 1]!;
    const pause = (ready: Seat[]) => roomOf([...t, { ...last, n: last.n + 1, view: { ...last.view, nextGame: { startsAt: NOW + 4_200, ready } } }]);
    const html = render(pause([]));
    const panel = /<div class="board-panel board-panel--dock">(.*?)<\/div><\/div>/.exec(html)?.[1] ?? html;
    expect(text(panel)).toContain('Next game in 5 seconds');
    expect(text(panel)).toContain('Next game');
    expect(text(html)).toContain('End the session');
    expect(text(render(pause([]), 'ru'))).toContain('Следующая партия через 5 секунд');
    // The opponent is ready: said; once you are, the button gives way to the wait.
    expect(text(render(pause(['p2'])))).toContain('is waiting for the next game.');
    const ready = text(render(pause(['p1'])));
    expect(ready).toContain('Ready — waiting for');
    expect(render(pause(['p1']))).not.toContain('>Next game</button>');
  });

  it('under the board: the status line naming who must answer the double, the cube at the value offered, take or pass', () => {
    const state = roomOf(timeline({ variant: 'short', cube: { beaver: true } }, SHORT, 'p2'));
    const html = render(state);
    const panel = /<div class="board-panel board-panel--dock">(.*?)<\/div><\/div>/.exec(html)?.[1] ?? '';
    expect(text(panel)).toContain('You: take, beaver or pass a double to 2');
    expect(text(panel)).toContain('Take (cube 2) Beaver (cube 4) Pass (lose 1 point)');
    expect(html).toMatch(/<g class="board-cube board-cube--offered"[^>]*aria-label="Doubling cube: a double to 2 is offered"/);
    expect(html).toContain('>2?</text>');
    // The doubler waits: the line names the one who answers; no decision docks under his board.
    const doubler = render(roomOf(timeline({ variant: 'short', cube: { beaver: true } }, SHORT, 'p1')));
    expect(text(doubler)).toContain('Black: take or pass a double to 2');
    expect(doubler).not.toContain('board-panel--dock');
    expect(text(render(state, 'ru'))).toContain('Вы: принять удвоение до 2, ответить бивером или отказаться');
  });

  it('game over with a mars: the result named, the final score, the rematch, the revealed seed and the dice check', () => {
    const over = roomOf(
      timeline(
        { variant: 'long', matchLength: 1 },
        [...LONG_FIRST_TURN, { type: 'resign', seat: 'p2', level: 'mars' }, { type: 'acceptResign', seat: 'p1' }],
        'p1',
      ),
    );
    const html = render(over);
    const s = text(html);
    expect(s).toContain('Game 1: Alice wins — mars, resignation accepted, cube 1: 2 points.');
    expect(s).toContain('Alice wins the match: the match length was reached. Final score Alice 2 — 0 Борис.');
    expect(s).toContain('Offer a rematch');
    expect(s).toContain('The match is over.');
    expect(html).toContain('href="/dice/g_test"');
    expect(html).toContain('b'.repeat(64));
    const ru = text(render(over, 'ru'));
    expect(ru).toContain('Партия 1: победа — Alice, марс, сдача принята, куб 1: 2 очка.');
  });

  it('the rematch in both languages: the opponent’s offer to accept or decline, the wait for him (the offer may be withdrawn), a decline either way', () => {
    const over = roomOf(timeline({ variant: 'short', matchLength: 3 }, [...SHORT.slice(0, 4), { type: 'resignMatch', seat: 'p2' }], 'p1'));
    const none = { offeredBy: null, declinedBy: null, gameId: null };
    const answer = render({ ...over, rematch: { ...none, offeredBy: 'p2' } });
    expect(text(answer)).toContain('Борис offers a rematch.');
    expect(answer).toMatch(/<button type="button" class="btn btn-primary">Accept the rematch<\/button><button type="button" class="btn">Decline<\/button>/);
    expect(text(render({ ...over, rematch: { ...none, offeredBy: 'p2' } }, 'ru'))).toContain('Борис предлагает реванш. Принять реванш Отказаться');
    const waiting = render({ ...over, rematch: { ...none, offeredBy: 'p1' } });
    expect(text(waiting)).toContain('Rematch offered — waiting for Борис. Withdraw the offer');
    expect(waiting).not.toContain('Offer a rematch');
    expect(text(render({ ...over, rematch: { ...none, offeredBy: 'p1' } }, 'ru'))).toContain(
      'Реванш предложен — ждём, что ответит Борис. Отозвать предложение',
    );
    const declined = render({ ...over, rematch: { ...none, declinedBy: 'p2' } });
    expect(text(declined)).toContain('Борис declined the rematch.');
    expect(declined).not.toContain('Offer a rematch');
    expect(text(render({ ...over, rematch: { ...none, declinedBy: 'p2' } }, 'ru'))).toContain('Борис отказывается от реванша.');
    // Who declined may still offer one himself.
    const mine = text(render({ ...over, rematch: { ...none, declinedBy: 'p1' } }));
    expect(mine).toContain('You declined the rematch. Offer a rematch');
  });

  it('a tournament’s match: its tournament linked in the bar, and after the match the way back instead of a rematch, in both languages', () => {
    const tournament = { id: 't_daily', name: 'Daily <knockout>' };
    const playing = roomOf(timeline({ variant: 'long', matchLength: 3 }, LONG_FIRST_TURN, 'p1'));
    const during = render({ ...playing, view: { ...playing.view!, tournament } });
    expect(during).toContain('<a class="room-tournament" href="/tournament/t_daily">Tournament: Daily &lt;knockout&gt;</a>');
    expect(during).not.toContain('Back to the tournament');

    const finished = roomOf(timeline({ variant: 'short', matchLength: 3 }, [...SHORT.slice(0, 4), { type: 'resignMatch', seat: 'p2' }], 'p1'));
    const over = { ...finished, view: { ...finished.view!, tournament } };
    const html = render(over);
    expect(html).toContain('href="/tournament/t_daily">Back to the tournament</a>');
    expect(text(html)).not.toContain('rematch');
    // Not even the opponent's offer (a stale one: the server refuses a tournament game's rematch).
    const offered = render({ ...over, rematch: { offeredBy: 'p2', declinedBy: null, gameId: null } });
    expect(text(offered)).not.toContain('rematch');
    const ru = text(render(over, 'ru'));
    expect(ru).toContain('Турнир: Daily &lt;knockout&gt;');
    expect(ru).toContain('Вернуться к турниру');
    expect(ru).not.toContain('реванш');
    // An ordinary match: no tournament, the rematch offered.
    expect(text(render(finished))).toContain('Offer a rematch');
    expect(render(finished)).not.toContain('/tournament/');
  });

  it('what the confirmation of a surrender or of resigning the match says, in both languages (Russian plural forms)', () => {
    const sayIn = (lang: Language, view: GameView, action: 'surrender' | 'resignMatch'): string => {
      const t = createI18n(lang).getFixedT(lang, 'game');
      return (concessionCost(view, action) ?? []).map((p) => say((key, options) => t(key, options ?? {}), p)).join(' ');
    };
    const long = roomOf(timeline({ variant: 'long', matchLength: 3 }, LONG_FIRST_TURN, 'p1')).view!;
    expect(sayIn('en', long, 'surrender')).toBe('Surrender this game? Борис wins it — mars, 2 points.');
    expect(sayIn('ru', long, 'surrender')).toBe('Сдаться в этой партии? Борис выигрывает её — марс, 2 очка.');
    const staked = (stake: number): GameView => ({ ...long, score: { p1: 1, p2: 2 }, settings: { ...long.settings, stake } });
    expect(sayIn('en', staked(7), 'resignMatch')).toBe('Resign the match? Борис wins the match to 3; the score now is you 1, Борис 2. It costs you 21 chips.');
    expect(sayIn('ru', staked(7), 'resignMatch')).toBe('Сдать матч? Борис выигрывает матч до 3; сейчас счёт: вы 1, Борис 2. Цена для вас: 21 фишка.');
    expect(sayIn('ru', staked(1), 'surrender')).toBe(
      'Сдаться в этой партии? Борис выигрывает её — марс, 2 очка. Этим Борис выигрывает и матч. Цена для вас: 3 фишки.',
    );
    expect(sayIn('ru', staked(5), 'resignMatch')).toContain('Цена для вас: 15 фишек.');
    expect(sayIn('en', { ...long, settings: { ...long.settings, stake: 1 } }, 'surrender')).not.toContain('chip');
  });

  it('a spectator: no decisions, a flip button, the table chat to read and the spectators’ chat to write; text stays text', () => {
    const state = roomOf(timeline({ variant: 'short' }, SHORT.slice(0, 3), null), {
      chat: [
        { room: 'table', from: { userId: 'u_alice', name: 'Alice', guest: false }, text: '<b>gl</b> & hf', at: NOW },
        { room: 'spectators', from: { userId: 'u_c', name: 'Carol', guest: true }, text: 'nice', at: NOW },
      ],
    });
    const html = render(state);
    const s = text(html);
    expect(s).toContain('You are watching this game.');
    expect(s).toContain('Flip the board');
    expect(s).toContain('Борис is moving.');
    expect(s).toContain('Only the players write here.');
    expect(s).toContain('Spectators’ chat');
    expect(html).not.toContain('<b>gl</b>');
    expect(html).toContain('&lt;b&gt;gl&lt;/b&gt; &amp; hf');
    expect(html).not.toContain('btn btn-primary');
  });

  it('clocks (the running one marked, the delay first) and an opponent gone past his grace: the claim', () => {
    const [first, ...rest] = timeline({ variant: 'short' }, SHORT.slice(0, 2), 'p2');
    // p2's clock started as the view was read (after p1's move), so the delay shows first.
    const clocked = (u: GameUpdate, running: 'p1' | 'p2'): GameUpdate => ({
      ...u,
      view: {
        ...u.view,
        clock: {
          control: { kind: 'matchReserve', perPointMs: 120_000, delayMs: 12_000 },
          left: { p1: 61_000, p2: 360_000 },
          running,
          since: NOW,
          at: NOW,
          flagged: null,
        },
        players: { ...u.view.players, p1: { ...u.view.players.p1, online: false, graceUntil: NOW } },
      },
    });
    const html = render(roomOf([clocked(first!, 'p1'), ...rest.map((u) => clocked(u, 'p2'))]));
    const s = text(html);
    expect(s).toContain('1:01');
    expect(s).toContain('6:00');
    expect(s).toContain('delay 0:12');
    expect(html).toContain('player-clock player-clock--running');
    expect(s).toContain('away: the time to return is over');
    expect(s).toContain('Your opponent left and did not come back in time.');
    expect(s).toContain('Claim the win');
    // Alice has moved: calling the game off is no longer offered.
    expect(s).not.toContain('Abort the game');
  });

  it('an opponent gone before his first move: claim the win or abort the game, with what an abort means, in both languages', () => {
    // Alice opened and moved; Борис left before playing.
    const state = roomOf(timeline({ variant: 'short' }, SHORT.slice(0, 2), 'p1'));
    const away = { ...state, view: { ...state.view!, players: { ...state.view!.players, p2: { ...state.view!.players.p2, online: false, graceUntil: NOW } } } };
    const html = render(away);
    expect(html).toMatch(/<button type="button" class="btn btn-primary">Claim the win<\/button><button type="button" class="btn">Abort the game<\/button>/);
    expect(text(html)).toContain('Aborting calls the game off: no result, not rated, and any chips on hold are returned.');
    const ru = text(render(away, 'ru'));
    expect(ru).toContain('Засчитать победу');
    expect(ru).toContain('Отменить партию');
    expect(ru).toContain('Отмена: партия без результата, не идёт в рейтинг');
    // Before his grace runs out there is nothing to claim.
    const waiting = { ...away, view: { ...away.view, players: { ...away.view.players, p2: { ...away.view.players.p2, graceUntil: NOW + 1 } } } };
    expect(text(render(waiting))).not.toContain('Abort the game');
    // Refused (he had played: the server knows of acts the view does not show): only the win, and why.
    const refused = render({ ...away, error: { code: 'CONFLICT', message: 'your opponent has already played at this table' } }, 'en', true);
    expect(text(refused)).toContain('That is no longer open, or the state does not allow it.');
    expect(text(refused)).toContain('Your opponent has already played at this table, so the game can no longer be aborted: claim the win instead.');
    expect(refused).not.toContain('Abort the game');
    expect(refused).toContain('Claim the win');
    expect(text(render(away, 'ru', true))).toContain('Соперник уже делал ходы за этим столом, поэтому партию отменить нельзя');
  });

  it('an aborted game: no winner, no result, not rated; at a staked table the chips went back — in both languages', () => {
    const state = roomOf(timeline({ variant: 'short', matchLength: 3 }, SHORT.slice(0, 2), 'p1'));
    const aborted = { ...state, view: { ...state.view!, end: { winner: null, reason: 'aborted' as const } } };
    const en = text(render(aborted));
    expect(en).toContain('The game was called off.');
    expect(en).toContain('No result: the game was called off. The match is not rated and nobody scores.');
    expect(en).not.toContain('wins');
    expect(en).not.toContain('chips held');
    const staked = { ...aborted, view: { ...aborted.view, settings: { ...aborted.view.settings, stake: 10 } } };
    expect(text(render(staked))).toContain('The chips held for this table were returned to both players.');
    const ru = text(render(staked, 'ru'));
    expect(ru).toContain('Партия отменена.');
    expect(ru).toContain('Без результата: партия отменена. Матч не идёт в рейтинг, очков никто не получает.');
    expect(ru).toContain('Удержанные за этот стол фишки вернулись обоим игрокам.');
  });

  it('a refusal shows the server’s reason translated, never the server’s own English words', () => {
    const state = roomOf(timeline({ variant: 'long' }, LONG_FIRST_TURN, 'p1'), { error: { code: 'ILLEGAL_TURN', message: 'not a legal turn' } });
    const s = text(render(state));
    expect(s).toContain('That turn is not allowed.');
    expect(s).not.toContain('not a legal turn');
  });
});
