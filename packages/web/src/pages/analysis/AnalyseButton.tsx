/**
 * "Analyse" under a finished game or match (the room's result, the replay): asks the server for the analysis, shows
 * its progress as the server pushes it and opens the analysis view once it is stored (at once if it already is).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Refusal } from '../../game/Refusal';
import type { Link } from '../../net/types';
import { paths } from '../../router';
import { useAnalysisJob, watchToken } from './useAnalysisJob';
import './AnalyseButton.css';

interface Props {
  readonly gameId: string;
  readonly link: Link;
  readonly navigate: (path: string) => void;
}

export function AnalyseButton({ gameId, link, navigate }: Props) {
  const { t } = useTranslation('analysis');
  const { job, start } = useAnalysisJob(link, gameId);
  useEffect(() => {
    if (job.kind === 'done') navigate(paths.analysis(gameId, watchToken()));
  }, [job.kind, gameId, navigate]);
  const working = job.kind === 'working' || job.kind === 'done';
  return (
    <div className="analyse" aria-live="polite">
      <button type="button" className="btn btn-primary" disabled={working} onClick={start}>
        {t('analyse.button')}
      </button>
      {job.kind === 'working' && (
        <p className="analyse-progress">
          <progress max={Math.max(job.total, 1)} value={job.done} />{' '}
          {job.total === 0 ? t('analyse.queued') : t('analyse.progress', { done: job.done, count: job.total })}
        </p>
      )}
      {job.kind === 'failed' && (job.error ? <Refusal error={job.error} /> : <p className="alert">{t('analyse.failed')}</p>)}
    </div>
  );
}
