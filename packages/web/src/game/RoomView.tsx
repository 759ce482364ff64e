/**
 * What the game room draws from its state: the board with a player bar (clock) above and below, the match line,
 * a refusal, the prompt and decisions, results and rematch, the moves and the chat, a private game's invitation to
 * watch (its players'), the dice proof. A tournament's match names its tournament, with a link back to its page.
 */
import { opposite, otherSeat, type Color, type Seat } from '@nardy/engine';
import { stakeHold, type GameView, type PlayerAction } from '@nardy/protocol';
import { useMemo, useState, type ReactNode } from 'react';
import { Board } from '../board/Board';
import { paths } from '../router';
import type { BoardSettings, BoardStep } from '../board/types';
import { ActionBar, Choices, type ClaimKind } from './ActionBar';
import { seatColor, viewBoardInput, viewBoardModel } from './boardModel';
import { ChatPanel } from './ChatPanel';
import { decisionChoices, matchPhrase, rematchChoice } from './choices';
import { DiceProof } from './DiceProof';
import { claimedEntries } from './moveList';
import { MoveList } from './MoveList';
import { NextGame } from './NextGame';
import { say } from './phrase';
import { PlayerBar } from './PlayerBar';
import { Refusal } from './Refusal';
import { ResultPanel, type RematchCommand } from './ResultPanel';
import { seatNames } from './results';
import { statusPhrase } from './status';
import type { ChatLine, RoomState } from './roomState';
import { useTranslate } from './useTranslate';
import { WatchInvite } from './WatchInvite';
import './GameRoom.css';

export interface RoomViewProps {
  readonly gameId: string;
  /** The room's state; its view is present. */
  readonly state: RoomState & { readonly view: GameView };
  /** Server time now (ms), for the clocks and countdowns. */
  readonly serverNow: () => number;
  /** A command is on its way. */
  readonly busy: boolean;
  /** Changes when the board must be drawn afresh from the view (a refused turn). */
  readonly boardKey: number;
  readonly settings: BoardSettings;
  readonly act: (action: PlayerAction) => void;
  readonly claim: (kind: ClaimKind) => void;
  /** Between games: ready for the next game (`game.next`). */
  readonly next: () => void;
  /** The server refused calling the game off: only the win is offered from then on. */
  readonly abortRefused: boolean;
  readonly sendChat: (room: ChatLine['room'], text: string) => Promise<boolean>;
  /** The dice commitment reached this browser before its seed went out (G10). */
  readonly committedBefore?: boolean;
  readonly onRematch: (command: RematchCommand) => void;
  readonly dismiss: () => void;
  /** Shown under the result once the match is over ("Analyse"). */
  readonly finished?: ReactNode;
}

const seatOfColor = (view: GameView, color: Color): Seat => (color === 'white' ? view.white : otherSeat(view.white));

const TABS = ['moves', 'chat'] as const;

export function RoomView({
  gameId,
  state,
  serverNow,
  busy,
  boardKey,
  settings,
  act,
  claim,
  next,
  abortRefused,
  sendChat,
  onRematch,
  dismiss,
  finished,
  committedBefore,
}: RoomViewProps) {
  const t = useTranslate('game');
  const tBoard = useTranslate('board');
  const [flipped, setFlipped] = useState(false);
  const [tab, setTab] = useState<(typeof TABS)[number]>('moves');
  const view = state.view;
  // Players see their own colour at the bottom (in long nardy it changes between games, G6); spectators choose.
  const own: Color = view.you === null ? 'white' : seatColor(view, view.you);
  const orientation = flipped ? opposite(own) : own;
  const model = useMemo(() => viewBoardModel(view, orientation), [view, orientation]);
  const input = useMemo(() => viewBoardInput(view), [view]);

  const onTurn = (steps: readonly BoardStep[]) => act({ type: 'move', steps: steps.map((s) => ({ from: s.from, to: s.to })) });
  const bottom = seatOfColor(view, orientation);
  const player = (seat: Seat) => <PlayerBar view={view} seat={seat} serverNow={serverNow} t={t} />;
  // The decisions the clock runs for sit under the board with the status line, where a phone keeps them in view.
  const decisions = decisionChoices(view);
  // So is the countdown to the next game, with "Next game" (and in a money session "End the session" beside it).
  const controls =
    decisions.length > 0 || view.nextGame ? (
      <>
        <NextGame view={view} busy={busy} serverNow={serverNow} next={next} t={t} />
        {decisions.length > 0 && <Choices choices={decisions} busy={busy} act={act} t={t} />}
      </>
    ) : undefined;

  return (
    <div className="room">
      <div className="room-main">
        {player(otherSeat(bottom))}
        <Board
          key={boardKey}
          model={model}
          orientation={orientation}
          input={input}
          settings={settings}
          onTurn={onTurn}
          status={say(t, statusPhrase(view))}
          controls={controls}
          t={tBoard}
        />
        {player(bottom)}
        {view.you === null && (
          <div className="room-spectator">
            <p>{t('board.spectating')}</p>
            <button type="button" className="btn btn-small" onClick={() => setFlipped((f) => !f)}>
              {t('board.flip')}
            </button>
          </div>
        )}
      </div>
      <aside className="room-side">
        <header className="room-match">
          {view.tournament && (
            <a className="room-tournament" href={paths.tournament(view.tournament.id)}>
              {t('match.tournament', { name: view.tournament.name })}
            </a>
          )}
          <span>{say(t, matchPhrase(view.settings.match.matchLength, view.gameNumber))}</span>
          <span>{t(view.settings.rated ? 'match.rated' : 'match.casual')}</span>
          {view.settings.stake > 0 && (
            <span className="chip">{t('match.stake', { n: view.settings.stake, hold: stakeHold(view.settings.stake, view.settings.match) })}</span>
          )}
          {view.crawford && <span className="chip">{t('match.crawford')}</span>}
          {view.lastThrow && <span className="chip">{t('match.lastThrow')}</span>}
        </header>
        {state.error && <Refusal error={state.error} onDismiss={dismiss} />}
        <ActionBar view={view} busy={busy} serverNow={serverNow} act={act} claim={claim} abortRefused={abortRefused} t={t} />
        <ResultPanel view={view} rematch={rematchChoice(view, state.rematch)} busy={busy} onRematch={onRematch} t={t} />
        {view.end && finished}
        <div className="room-tabs" role="tablist" aria-label={t('tabs.label')}>
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`room-tab-${name}`}
              aria-controls={`room-panel-${name}`}
              aria-selected={tab === name}
              className="room-tab"
              onClick={() => setTab(name)}
            >
              {t(`tabs.${name}`)}
            </button>
          ))}
        </div>
        <div
          id="room-panel-moves"
          role="tabpanel"
          aria-labelledby="room-tab-moves"
          className={`room-panel card${tab === 'moves' ? ' room-panel--active' : ''}`}
        >
          <MoveList entries={claimedEntries(state.moves, view.end)} names={seatNames(view)} variant={view.settings.match.variant} current={null} t={t} />
        </div>
        <div id="room-panel-chat" role="tabpanel" aria-labelledby="room-tab-chat" className={`room-panel card${tab === 'chat' ? ' room-panel--active' : ''}`}>
          <ChatPanel lines={state.chat} spectator={view.you === null} send={sendChat} t={t} />
        </div>
        {view.watchToken !== undefined && <WatchInvite gameId={gameId} token={view.watchToken} t={t} />}
        <DiceProof gameId={gameId} commitment={view.diceProof.commitment} serverSeed={view.diceProof.serverSeed} before={committedBefore === true} t={t} />
      </aside>
    </div>
  );
}
