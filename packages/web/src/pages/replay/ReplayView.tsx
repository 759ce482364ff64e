/**
 * A finished game stepped through: the board after each action (no input), first / previous / next / last and the
 * arrow keys (Home and End too), the move list with the current move highlighted, the result of each game as it
 * ends and the match's at the last step, and the dice proof (for an imported match, a note that there is none).
 */
import { type BySeat, type Color, type Seat } from '@nardy/engine';
import type { GameRecordResponse, MatchEndReason, PublicSeat } from '@nardy/protocol';
import { useMemo, useState, type ReactNode } from 'react';
import { botSeatName } from '../../app/botSeat';
import { Board } from '../../board/Board';
import type { BoardSettings } from '../../board/types';
import { positionBoardModel } from '../../game/boardModel';
import { DiceProof } from '../../game/DiceProof';
import { claimedEntries, type ReplayedLog } from '../../game/moveList';
import { MoveList } from '../../game/MoveList';
import { matchPhrase } from '../../game/choices';
import { currentEntry, entryPhrase } from '../../game/movePhrases';
import { say } from '../../game/phrase';
import { gameResultPhrase, matchEndPhrase } from '../../game/results';
import { useTranslate } from '../../game/useTranslate';
import { paths } from '../../router';
import { OpenInBoard } from '../analysis-board/OpenInBoard';
import { ImportedDice } from './ImportedDice';
import { replayFrame } from './replayFrame';
import { useStepKeys } from './useStepKeys';
import '../../game/GameRoom.css';
import './replay.css';

/** A finished game's record (`GET /api/games/:id` once the game is over). */
export type FinishedRecord = Extract<GameRecordResponse, { readonly actions: unknown }>;

interface Props {
  readonly record: FinishedRecord;
  readonly log: ReplayedLog;
  readonly settings: BoardSettings;
  /** The step shown first (0 = the start). */
  readonly initialStep?: number;
  /** Under the match line: "Analyse". */
  readonly analyse?: ReactNode;
}

const NO_INPUT = () => undefined;

/** How the match ended as the server recorded it (a claim after a player left is not an engine action). */
function recordedEnd(recorded: unknown): { readonly winner: Seat | null; readonly reason: MatchEndReason } | null {
  const end = typeof recorded === 'object' && recorded !== null ? (recorded as { end?: unknown }).end : null;
  if (typeof end !== 'object' || end === null) return null;
  const { winner, reason } = end as { winner?: unknown; reason?: unknown };
  if (typeof reason !== 'string' || !(winner === 'p1' || winner === 'p2' || winner === null)) return null;
  return { winner, reason: reason as MatchEndReason };
}

export function ReplayView({ record, log, settings, initialStep = 0, analyse }: Props) {
  const t = useTranslate('game');
  const tBoard = useTranslate('board');
  const last = log.states.length - 1;
  const [step, setStep] = useState(Math.max(0, Math.min(initialStep, last)));
  const [flipped, setFlipped] = useState(false);
  const go = (to: number) => setStep(Math.max(0, Math.min(to, last)));

  useStepKeys(last, setStep);

  const frame = useMemo(() => replayFrame(log, step), [log, step]);
  const orientation: Color = flipped ? 'black' : 'white';
  const model = useMemo(() => positionBoardModel(frame.position, frame.extras, orientation), [frame, orientation]);
  const { seats } = record.game;
  const name = (s: PublicSeat): string => (s === null ? t('replay.nobody') : 'bot' in s ? botSeatName(t, s.bot) : s.name);
  const names: BySeat<string> = { p1: name(seats.p1), p2: name(seats.p2) };
  const entries = useMemo(() => claimedEntries(log.entries, recordedEnd(record.game.recorded)), [log, record]);
  const current = currentEntry(entries, step);
  const end = step === last ? (frame.state.end ?? recordedEnd(record.game.recorded)) : null;
  const bottom: Seat = (orientation === 'white') === (frame.white === 'p1') ? 'p1' : 'p2';

  const seatLine = (seat: Seat) => {
    const s = seats[seat];
    const color: Color = frame.white === seat ? 'white' : 'black';
    return (
      <div className="player">
        <span className={`player-chip player-chip--${color}`} role="img" aria-label={t(`colors.${color}`)} />
        <span className="player-who">
          {s !== null && 'userId' in s ? (
            <a className="player-name" href={paths.profile(s.userId)}>
              {s.name}
            </a>
          ) : (
            <span className="player-name">{names[seat]}</span>
          )}
        </span>
        <span className="player-score">{t('players.score', { count: frame.score[seat] })}</span>
      </div>
    );
  };

  const button = (key: 'first' | 'previous' | 'next' | 'last', to: number, disabled: boolean) => (
    <button type="button" className="btn" disabled={disabled} onClick={() => go(to)}>
      {t(`replay.${key}`)}
    </button>
  );

  return (
    <div className="replay">
      <h1>{t('replay.title', { p1: names.p1, p2: names.p2 })}</h1>
      <div className="room">
        <div className="room-main">
          {seatLine(bottom === 'p1' ? 'p2' : 'p1')}
          <Board model={model} orientation={orientation} input={null} settings={settings} onTurn={NO_INPUT} t={tBoard} />
          {seatLine(bottom)}
          <div className="replay-controls" role="group" aria-label={t('replay.controls')}>
            {button('first', 0, step === 0)}
            {button('previous', step - 1, step === 0)}
            <span className="replay-step" aria-live="polite">
              {t('replay.step', { step, total: last })}
            </span>
            {button('next', step + 1, step === last)}
            {button('last', last, step === last)}
          </div>
          <p className="replay-now" aria-live="polite">
            {current ? say(t, entryPhrase(current, names, record.game.variant)) : t('moves.empty')}
          </p>
          <div className="replay-extra">
            <p className="muted replay-keys">{t('replay.keys')}</p>
            <button type="button" className="btn btn-small" onClick={() => setFlipped((f) => !f)}>
              {t('board.flip')}
            </button>
            <OpenInBoard frame={frame} />
          </div>
        </div>
        <aside className="room-side">
          <header className="room-match">
            <span>{t(`common:variant.${record.game.variant}`)}</span>
            <span>{say(t, matchPhrase(record.game.settings.matchLength, frame.game))}</span>
            <a href={paths.game(record.game.id)}>{t('replay.game')}</a>
          </header>
          {analyse}
          {log.error !== null && <p className="alert">{t('replay.broken', { message: log.error })}</p>}
          {(frame.result || end) && (
            <section className="room-result card" aria-label={t('result.title')}>
              {frame.result && <p>{say(t, gameResultPhrase(frame.result, names, record.game.variant))}</p>}
              {end && <p className="room-result-match">{say(t, matchEndPhrase(end, frame.score, names, record.game.settings.matchLength))}</p>}
            </section>
          )}
          <div className="card">
            <MoveList entries={entries} names={names} variant={record.game.variant} current={current} t={t} onPick={(e) => go(e.at)} />
          </div>
          {record.game.imported ? (
            <ImportedDice gameId={record.game.id} fileName={record.game.imported.fileName} />
          ) : (
            <DiceProof gameId={record.game.id} commitment={record.game.commitment} serverSeed={record.game.serverSeed} t={t} />
          )}
        </aside>
      </div>
    </div>
  );
}
