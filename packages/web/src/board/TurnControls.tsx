/**
 * Under the board: the status line (who must act and what), the pip counts, and the buttons of the turn in progress
 * — or, with no turn to play, the host's decisions (roll, double, answer an offer).
 */
import type { ReactNode, Ref } from 'react';
import { canConfirm, canUndo, type BoardEvent, type BoardState } from './state';
import { isComplete } from './moves';
import type { BoardModel, Translate } from './types';

interface Props {
  readonly state: BoardState;
  /** The drawn position: its pips count the steps played so far. */
  readonly drawn: BoardModel;
  readonly dispatch: (event: BoardEvent) => void;
  /** The host's status line and decisions (BoardProps). */
  readonly status: string | undefined;
  readonly controls: ReactNode;
  readonly t: Translate;
  readonly ref?: Ref<HTMLDivElement>;
}

/** The board's own note on the turn in hand: sent, nothing to play, a pick a rule refused, played by itself. */
function turnNote({ input, sent, played, autoPlayed, refusal }: BoardState): string | null {
  if (!input) return null;
  if (sent) return 'sent';
  if (refusal) return refusal;
  if (played.length === 0 && isComplete(input, played)) return 'noMoves';
  return autoPlayed && played.length > 0 ? 'forced' : null;
}

function statusLine(state: BoardState, status: string | undefined, t: Translate): string | null {
  const note = turnNote(state);
  if (note) return t(note);
  if (status !== undefined) return status;
  if (state.input) return t('yourTurn');
  return state.model.turn ? t(`toMove.${state.model.turn}`) : null;
}

export function TurnControls({ state, drawn, dispatch, status, controls, t, ref }: Props) {
  const line = statusLine(state, status, t);
  // A turn in hand or a decision of the host's: the host may keep the panel in view over the board (a phone); the
  // board then keeps clear of it (dock.ts).
  const dock = !!state.input || !!controls;
  return (
    <div ref={ref} className={`board-panel${dock ? ' board-panel--dock' : ''}`}>
      <p className="board-status" aria-live="polite">
        {line}
      </p>
      <p className="board-pips">
        <span className="board-pips-title">{t('pips')}</span>
        {(['white', 'black'] as const).map((color) => (
          <span key={color} className={`board-pips-side board-pips-side--${color}`} data-pips={color}>
            {t('pipsOf', { color: t(`color.${color}`), count: drawn.pips[color] })}
          </span>
        ))}
      </p>
      {state.input ? (
        <div className="board-buttons" role="group" aria-label={t('controls')}>
          <button type="button" disabled={!canUndo(state)} onClick={() => dispatch({ type: 'undoStep' })}>
            {t('undoStep')}
          </button>
          <button type="button" disabled={!canUndo(state)} onClick={() => dispatch({ type: 'undoTurn' })}>
            {t('undoTurn')}
          </button>
          <button type="button" className="board-confirm" disabled={!canConfirm(state)} onClick={() => dispatch({ type: 'confirm' })}>
            {t('confirm')}
          </button>
        </div>
      ) : (
        controls
      )}
    </div>
  );
}
