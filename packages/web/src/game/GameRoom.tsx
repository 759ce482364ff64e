/**
 * The game room (`/game/:gameId`): follows the game over the link into the room's state (roomState.ts) and turns
 * the player's decisions into commands. Drawing is RoomView's; what to show is decided by the pure modules beside
 * it (choices, clock, results, boardModel).
 */
import { otherSeat } from '@nardy/engine';
import type { AckResult, PlayerAction } from '@nardy/protocol';
import { useCallback, useEffect, useReducer, useState } from 'react';
import type { PlayerSettings } from '../app/settings';
import { ServerError, type Command, type Link } from '../net/types';
import { AnalyseButton } from '../pages/analysis/AnalyseButton';
import { paths } from '../router';
import type { ClaimKind } from './ActionBar';
import { Refusal } from './Refusal';
import type { RematchCommand } from './ResultPanel';
import { initialRoom, roomReducer, type ChatLine } from './roomState';
import { RoomView } from './RoomView';
import { useSignals } from './useSignals';
import { useTranslate } from './useTranslate';

export interface GameRoomProps {
  readonly gameId: string;
  readonly link: Link;
  readonly settings: PlayerSettings;
  readonly navigate: (path: string) => void;
}

/** Another game (a rematch) is another room: its state starts afresh. */
export function GameRoom(props: GameRoomProps) {
  return <Room key={props.gameId} {...props} />;
}

type Sent = { readonly ok: true; readonly result: AckResult | undefined } | { readonly ok: false; readonly code: ServerError['code'] };

function Room({ gameId, link, settings, navigate }: GameRoomProps) {
  const t = useTranslate('game');
  const [state, dispatch] = useReducer(roomReducer, initialRoom);
  const [busy, setBusy] = useState(false);
  /** Bumped when the server refuses a turn: the board is drawn afresh from the view. */
  const [boardResets, setBoardResets] = useState(0);
  /**
   * The opponent's `graceUntil` when the server refused an abort (CONFLICT: he has played here, or he came back):
   * not offered again during that absence.
   */
  const [abortRefusedFor, setAbortRefusedFor] = useState<number | null>(null);
  const view = state.view;

  useEffect(() => {
    // A private game's invitation comes in the link a player shared (`?watch=`).
    const watch = new URLSearchParams(globalThis.location.search).get('watch') ?? undefined;
    return link.watchGame(
      gameId,
      (update) => dispatch({ type: 'update', update }),
      (e) => dispatch({ type: 'refused', code: e.code, message: e.message }),
      watch,
    );
  }, [link, gameId]);
  useEffect(
    () =>
      link.on('chat.message', (m) => {
        if ((m.room.kind !== 'table' && m.room.kind !== 'spectators') || m.room.gameId !== gameId) return;
        dispatch({ type: 'chat', line: { room: m.room.kind, from: m.from, text: m.text, at: m.at } });
      }),
    [link, gameId],
  );

  useEffect(() => {
    if (state.rematch.gameId !== null) navigate(paths.game(state.rematch.gameId));
  }, [state.rematch.gameId, navigate]);

  const serverNow = useCallback(() => Date.now() + link.clockOffset, [link]);
  useSignals(view, settings, serverNow);

  const send = useCallback(
    async (command: Command, hold: boolean): Promise<Sent> => {
      if (hold) setBusy(true);
      try {
        return { ok: true, result: await link.send(command) };
      } catch (e) {
        const refusal = e instanceof ServerError ? e : new ServerError('INTERNAL', e instanceof Error ? e.message : '');
        dispatch({ type: 'refused', code: refusal.code, message: refusal.message });
        return { ok: false, code: refusal.code };
      } finally {
        if (hold) setBusy(false);
      }
    },
    [link],
  );

  if (!view) {
    // Not followed yet, or refused (no such game).
    return state.error ? <Refusal error={state.error} /> : <p className="room-loading">{t('loading')}</p>;
  }

  const act = (action: PlayerAction) => {
    void send({ type: 'game.action', gameId, version: view.version, action }, true).then((r) => {
      if (!r.ok) setBoardResets((n) => n + 1);
    });
  };
  const absence = view.you === null ? null : view.players[otherSeat(view.you)].graceUntil;
  const claim = (kind: ClaimKind) => {
    void send({ type: 'game.claim', gameId, claim: kind }, true).then((r) => {
      if (!r.ok && kind === 'abort' && r.code === 'CONFLICT') setAbortRefusedFor(absence);
    });
  };
  const next = () => void send({ type: 'game.next', gameId }, true);
  const sendChat = (room: ChatLine['room'], text: string) => send({ type: 'chat.send', room: { kind: room, gameId }, text }, false).then((r) => r.ok);
  const onRematch = (command: RematchCommand) => {
    const opponent = view.you === null ? null : view.players[otherSeat(view.you)].user;
    // A bot does not answer rematch offers: its rematch is a new bot game at the same table settings.
    const sent =
      command === 'bot'
        ? send({ type: 'bot.play', level: opponent?.bot ?? 1, settings: view.settings }, true)
        : command === 'accept'
          ? // The offer's commitment, shown with it: the seed goes only to the game it stands for (G10).
            send({ type: 'rematch.accept', gameId, ...(view.rematchOffer?.commitment ? { commitment: view.rematchOffer.commitment } : {}) }, true)
          : send({ type: `rematch.${command}`, gameId }, true);
    void sent.then((r) => {
      if (r.ok && r.result?.kind === 'game') navigate(paths.game(r.result.gameId));
    });
  };

  return (
    <RoomView
      gameId={gameId}
      state={{ ...state, view }}
      serverNow={serverNow}
      busy={busy}
      boardKey={boardResets}
      settings={settings}
      act={act}
      claim={claim}
      next={next}
      abortRefused={absence !== null && absence === abortRefusedFor}
      sendChat={sendChat}
      committedBefore={link.committedBefore(view.diceProof.commitment)}
      onRematch={onRematch}
      dismiss={() => dispatch({ type: 'dismiss' })}
      finished={<AnalyseButton gameId={gameId} link={link} navigate={navigate} />}
    />
  );
}
