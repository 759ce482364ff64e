/**
 * `/analysis`: the analysis board. Any position set up by hand (SetupPanel, clicks and drags on the board) or from pasted IDs
 * (IdsPanel), then hint, eval and rollout in the browser (EnginePanel, a Web Worker on the server's evaluator). A URL
 * with IDs in its query (`boardQuery`) opens on that position: the analysis view's and the replay's links.
 */
import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getVariant, type Color } from '@nardy/engine';
import { useServices } from '../../app/services';
import { useSettings } from '../../app/settings';
import { Board } from '../../board/Board';
import { positionBoardModel } from '../../game/boardModel';
import { useTranslate } from '../../game/useTranslate';
import { targetAt } from './boardTarget';
import { edit, move, newEdit, unplaced, validate, type EditMode, type EditState, type Problem, type Target } from './editModel';
import { EnginePanel } from './EnginePanel';
import { fromQuery, idsOf } from './ids';
import { IdsPanel } from './IdsPanel';
import { SetupPanel } from './SetupPanel';
import { useEngine } from './useEngine';
import { useSetupDrag } from './useSetupDrag';
import '../analysis/analysis.css';
import './analysis-board.css';

const NO_INPUT = () => undefined;

/** A problem in the page's language (colours named). */
type SayProblem = (p: Problem) => string;

export function AnalysisBoardPage({ search }: { readonly search: string }) {
  const { settings } = useServices();
  const boardSettings = useSettings(settings);
  const { t: tPage, i18n } = useTranslation('analysisBoard');
  const t = useCallback((key: string, options?: Record<string, unknown>) => tPage(key, options ?? {}), [tPage]);
  const tBoard = useTranslate('board');
  const opened = useMemo(() => fromQuery(search), [search]);
  const [state, setState] = useState<EditState>(() => (opened?.ok ? opened.value : newEdit('short', 'start')));
  const [problem, setProblem] = useState<Problem | null>(opened && !opened.ok ? opened.problem : null);
  const [side, setSide] = useState<Color>('white');
  const [mode, setMode] = useState<EditMode>('add');
  const engine = useEngine();

  const say: SayProblem = useCallback(
    (p) => {
      const values = p.values ?? {};
      const color = typeof values['color'] === 'string' ? t(`color.${values['color']}`) : undefined;
      return t(p.key, { ...values, ...(color ? { color } : {}) });
    },
    [t],
  );

  const change = (next: EditState) => {
    setState(next);
    setProblem(null);
    engine.clear();
  };
  const checked = useMemo(() => validate(state), [state]);
  const shown = problem ?? (checked.ok ? null : checked.problem);
  const ids = useMemo(() => (checked.ok ? idsOf(state, checked.value) : null), [state, checked]);
  const at = (host: Element, x: number, y: number) => {
    const g = getVariant(state.variant).geometry;
    return targetAt(host, x, y, (color, p) => g.absPoint(color, p), 'white');
  };
  const apply = (r: ReturnType<typeof edit>) => {
    if (r.ok) change(r.value);
    else setProblem(r.problem);
  };
  const editAt = (host: Element, x: number, y: number) => {
    const target = at(host, x, y);
    if (target) apply(edit(state, target, side, mode));
  };
  // A drop off the board, or one refused, leaves the checker where it was (the board is redrawn from `state`).
  const drop = (from: Target, to: Target | null) => (to ? apply(move(state, from, to)) : setProblem({ key: 'problem.offBoard' }));
  const drag = useSetupDrag(state, at, editAt, drop);
  // While a checker is dragged, the board shows it lifted from where it was.
  const drawn = useMemo(() => {
    const lifted = drag.lifted && edit(state, drag.lifted, 'white', 'remove');
    return lifted && lifted.ok ? lifted.value : state;
  }, [state, drag.lifted]);
  const model = useMemo(
    () => positionBoardModel(drawn, { turn: drawn.turn, dice: drawn.dice, cube: { value: drawn.cube.value, owner: drawn.cube.owner } }, 'white'),
    [drawn],
  );
  // The keyboard: the board's own cursor (arrow keys) names the point; Enter or Space edits there.
  const onBoardKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const cursor = e.currentTarget.querySelector('svg.board-svg')?.getAttribute('aria-activedescendant');
    const box = cursor ? document.getElementById(cursor)?.getBoundingClientRect() : undefined;
    if (box) editAt(e.currentTarget, box.x + box.width / 2, box.y + box.height / 2);
  };

  return (
    <div className="aboard">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <div className="aboard-grid">
        <div className="aboard-main">
          <div className={`aboard-board${drag.ghost ? ' is-dragging' : ''}`} {...drag.handlers} onKeyDown={onBoardKey}>
            <Board model={model} orientation="white" input={null} settings={boardSettings} onTurn={NO_INPUT} t={tBoard} />
            {drag.ghost && (
              <div
                className={`aboard-ghost aboard-ghost--${drag.ghost.color}`}
                aria-hidden="true"
                style={{ left: drag.ghost.x, top: drag.ghost.y, width: drag.ghost.size, height: drag.ghost.size }}
              />
            )}
          </div>
          <p className="muted aboard-left" aria-live="polite">
            {t('setup.left', { white: unplaced(state.board.white), black: unplaced(state.board.black) })}
          </p>
          {shown && (
            <p className="aboard-problem" role="alert">
              {say(shown)}
            </p>
          )}
          <EnginePanel state={state} position={checked.ok ? checked.value : null} engine={engine} language={i18n.language} t={t} />
        </div>
        <aside className="aboard-side">
          <SetupPanel state={state} side={side} mode={mode} onSide={setSide} onMode={setMode} onChange={change} t={t} />
          <IdsPanel state={state} ids={ids} onLoad={change} onProblem={setProblem} t={t} />
        </aside>
      </div>
    </div>
  );
}
