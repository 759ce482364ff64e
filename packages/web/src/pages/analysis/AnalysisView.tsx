/**
 * A finished game or match as the engine analysed it: the board at the selected decision (the list, the graph, the
 * buttons and the ← → keys step), what the engine says of it, the win-chance graph and both players' figures.
 */
import type { BySeat, Color } from '@nardy/engine';
import type { PublicSeat } from '@nardy/protocol';
import { useMemo, useState } from 'react';
import { botSeatName } from '../../app/botSeat';
import { Board } from '../../board/Board';
import type { BoardSettings } from '../../board/types';
import { positionBoardModel } from '../../game/boardModel';
import type { ReplayedLog } from '../../game/moveList';
import type { Translate } from '../../game/phrase';
import { paths } from '../../router';
import { OpenInBoard } from '../analysis-board/OpenInBoard';
import type { FinishedRecord } from '../replay/ReplayView';
import { replayFrame } from '../replay/replayFrame';
import { useStepKeys } from '../replay/useStepKeys';
import { decisionSteps, winChances, type MatchAnalysis } from './analysisModel';
import { DecisionDetail } from './DecisionDetail';
import { DecisionList, decisionLine } from './DecisionList';
import { EquityGraph } from './EquityGraph';
import { formats } from './format';
import { PlayerSummary } from './PlayerSummary';
import '../../game/GameRoom.css';
import './analysis.css';

interface Props {
  readonly record: FinishedRecord;
  readonly log: ReplayedLog;
  readonly analysis: MatchAnalysis;
  readonly settings: BoardSettings;
  readonly language: string;
  /** The `analysis` namespace's texts. */
  readonly t: Translate;
  /** The `board` namespace's. */
  readonly tBoard: Translate;
}

const NO_INPUT = () => undefined;

export function AnalysisView({ record, log, analysis, settings, language, t, tBoard }: Props) {
  const { decisions } = analysis;
  const last = decisions.length - 1;
  const [current, setCurrent] = useState(0);
  const go = (i: number) => setCurrent(Math.max(0, Math.min(i, last)));

  useStepKeys(last, setCurrent);

  const steps = useMemo(
    () =>
      decisionSteps(
        log,
        record.actions.map((a) => a.action.type),
        decisions,
      ),
    [log, record, decisions],
  );
  const chances = useMemo(() => winChances(decisions), [decisions]);
  const f = useMemo(() => formats(language), [language]);
  const decision = decisions[current];
  const frame = useMemo(() => replayFrame(log, steps[current] ?? 0), [log, steps, current]);
  const orientation: Color = 'white';
  const model = useMemo(() => positionBoardModel(frame.position, frame.extras, orientation), [frame]);

  const { seats } = record.game;
  const name = (s: PublicSeat): string => (s === null ? '—' : 'bot' in s ? botSeatName(t, s.bot) : s.name);
  const names: BySeat<string> = { p1: name(seats.p1), p2: name(seats.p2) };
  const summaryNames = analysis.players.map((p) => names[p.seat]) as [string, string];

  const button = (key: 'first' | 'previous' | 'next' | 'last', to: number, disabled: boolean) => (
    <button type="button" className="btn" disabled={disabled} onClick={() => go(to)}>
      {t(`nav.${key}`)}
    </button>
  );

  return (
    <div className="analysis">
      <h1>{t('title', { p1: names.p1, p2: names.p2 })}</h1>
      <p className="muted analysis-meta">
        {t(`common:variant.${record.game.variant}`)} · {t('ply', { count: analysis.ply })} · <a href={paths.replay(record.game.id)}>{t('replay')}</a>
      </p>
      {decisions.length === 0 ? (
        <p className="empty">{t('empty')}</p>
      ) : (
        <div className="analysis-grid">
          <div className="analysis-main">
            <Board model={model} orientation={orientation} input={null} settings={settings} onTurn={NO_INPUT} t={tBoard} />
            <div className="replay-controls" role="group" aria-label={t('nav.label')}>
              {button('first', 0, current === 0)}
              {button('previous', current - 1, current === 0)}
              <span className="replay-step" aria-live="polite">
                {t('nav.step', { n: current + 1, total: decisions.length })}
              </span>
              {button('next', current + 1, current === last)}
              {button('last', last, current === last)}
              <OpenInBoard frame={frame} />
            </div>
            {decision && (
              <>
                <p className="analysis-now" aria-live="polite">
                  {t('list.game', { number: decision.game })} · {decisionLine(decision, names, t)}
                </p>
                <DecisionDetail decision={decision} names={names} f={f} t={t} />
              </>
            )}
          </div>
          <aside className="analysis-side">
            <EquityGraph
              decisions={decisions}
              chances={chances}
              current={current}
              onPick={go}
              title={t('graph.title', { name: names.p1 })}
              label={t('graph.label', { name: names.p1 })}
            />
            <DecisionList decisions={decisions} names={names} current={current} onPick={go} t={t} />
          </aside>
        </div>
      )}
      <PlayerSummary players={analysis.players} names={summaryNames} match={analysis.players[0].errorRateMwc !== undefined} f={f} t={t} />
      <p className="muted replay-keys">{t('keys')}</p>
    </div>
  );
}
