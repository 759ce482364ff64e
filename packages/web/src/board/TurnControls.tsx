/** Under the board: whose turn it is, the pip counts, and the buttons of the turn in progress. */
import { canConfirm, canUndo, type BoardEvent, type BoardState } from './state';
import { isComplete } from './moves';
import type { BoardModel, Translate } from './types';

interface Props {
  readonly state: BoardState;
  /** The drawn position: its pips count the steps played so far. */
  readonly drawn: BoardModel;
  readonly dispatch: (event: BoardEvent) => void;
  readonly t: Translate;
}

function statusKey({ input, model, sent, played, autoPlayed }: BoardState): string | null {
  if (input) {
    if (sent) return 'sent';
    if (played.length === 0 && isComplete(input, played)) return 'noMoves';
    return autoPlayed && played.length > 0 ? 'forced' : 'yourTurn';
  }
  return model.turn ? `toMove.${model.turn}` : null;
}

export function TurnControls({ state, drawn, dispatch, t }: Props) {
  const status = statusKey(state);
  return (
    <div className="board-panel">
      <p className="board-status" aria-live="polite">
        {status && t(status)}
      </p>
      <p className="board-pips">
        <span className="board-pips-title">{t('pips')}</span>
        {(['white', 'black'] as const).map((color) => (
          <span key={color} className={`board-pips-side board-pips-side--${color}`} data-pips={color}>
            {t('pipsOf', { color: t(`color.${color}`), count: drawn.pips[color] })}
          </span>
        ))}
      </p>
      {state.input && (
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
      )}
    </div>
  );
}
