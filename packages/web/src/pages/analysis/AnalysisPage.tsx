/**
 * `/game/:id/analysis`: asks for the game's analysis (joining the job if it is under way, at once if stored), shows
 * its progress, then loads the result and the record and draws the analysis view.
 */
import type { GameRecordResponse } from '@nardy/protocol';
import { DEFAULT_ANALYSIS_PLY } from '@nardy/protocol';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services';
import { useSettings } from '../../app/settings';
import { replayLog } from '../../game/moveList';
import { Refusal } from '../../game/Refusal';
import { useTranslate } from '../../game/useTranslate';
import { ServerError } from '../../net/types';
import type { MatchAnalysis } from './analysisModel';
import { AnalysisView } from './AnalysisView';
import { useAnalysisJob, watchToken } from './useAnalysisJob';

type Loaded =
  | { readonly kind: 'waiting' }
  | { readonly kind: 'failed'; readonly error: ServerError }
  | { readonly kind: 'loaded'; readonly record: GameRecordResponse; readonly analysis: MatchAnalysis };

const asError = (e: unknown): ServerError => (e instanceof ServerError ? e : new ServerError('INTERNAL', String(e)));

export function AnalysisPage({ gameId }: { readonly gameId: string }) {
  const { api, link, settings } = useServices();
  const board = useSettings(settings);
  const { t: tAnalysis, i18n } = useTranslation('analysis');
  const t = useMemo(() => (key: string, options?: Record<string, unknown>) => tAnalysis(key, options ?? {}), [tAnalysis]);
  const tBoard = useTranslate('board');
  const { job, start } = useAnalysisJob(link, gameId);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'waiting' });

  useEffect(start, [start]);
  useEffect(() => {
    if (job.kind !== 'done') return undefined;
    let current = true;
    Promise.all([api.game(gameId, watchToken()), api.analysis(gameId, DEFAULT_ANALYSIS_PLY, watchToken())]).then(
      ([record, analysis]) => current && setLoaded({ kind: 'loaded', record, analysis: analysis.result as MatchAnalysis }),
      (e: unknown) => current && setLoaded({ kind: 'failed', error: asError(e) }),
    );
    return () => {
      current = false;
    };
  }, [api, gameId, job.kind]);

  const record = loaded.kind === 'loaded' && 'actions' in loaded.record ? loaded.record : null;
  const log = useMemo(
    () =>
      record
        ? replayLog(
            record.game.settings,
            record.actions.map((a) => a.action),
          )
        : null,
    [record],
  );

  if (loaded.kind === 'failed') return <Refusal error={loaded.error} />;
  if (job.kind === 'failed') {
    return (
      <div className="analysis">
        {job.error ? <Refusal error={job.error} /> : <p className="alert">{t('failed')}</p>}
        <button type="button" className="btn" onClick={start}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (loaded.kind === 'loaded' && record && log) {
    return <AnalysisView record={record} log={log} analysis={loaded.analysis} settings={board} language={i18n.language} t={t} tBoard={tBoard} />;
  }
  return (
    <div className="analysis analysis-waiting" aria-live="polite">
      <p>{job.kind === 'working' && job.total > 0 ? t('progress', { done: job.done, count: job.total }) : t('loading')}</p>
      {job.kind === 'working' && <progress max={Math.max(job.total, 1)} value={job.done} />}
    </div>
  );
}
