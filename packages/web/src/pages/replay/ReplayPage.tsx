/**
 * `/replay/:gameId`: loads the game's record (`GET /api/games/:id`, with the address's watch token if any) and
 * replays its action log with the engine (`newMatch` / `apply`, as the server's records do). A game still in play
 * has no log to show yet: it links to the live room instead.
 */
import type { GameRecordResponse } from '@nardy/protocol';
import { useEffect, useMemo, useState } from 'react';
import { useServices } from '../../app/services';
import { useSettings } from '../../app/settings';
import { replayLog } from '../../game/moveList';
import { Refusal } from '../../game/Refusal';
import { useTranslate } from '../../game/useTranslate';
import { ServerError } from '../../net/types';
import { paths } from '../../router';
import { AnalyseButton } from '../analysis/AnalyseButton';
import { watchToken } from '../analysis/useAnalysisJob';
import { ReplayView, type FinishedRecord } from './ReplayView';

export interface ReplayPageProps {
  readonly gameId: string;
  readonly navigate: (path: string) => void;
}

type Loaded =
  { readonly kind: 'loading' } | { readonly kind: 'failed'; readonly error: ServerError } | { readonly kind: 'loaded'; readonly record: GameRecordResponse };

export function ReplayPage({ gameId, navigate }: ReplayPageProps) {
  const { api, link, settings } = useServices();
  const board = useSettings(settings);
  const t = useTranslate('game');
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    api.game(gameId, watchToken()).then(
      (record) => current && setLoaded({ kind: 'loaded', record }),
      (e: unknown) => current && setLoaded({ kind: 'failed', error: e instanceof ServerError ? e : new ServerError('INTERNAL', String(e)) }),
    );
    return () => {
      current = false;
    };
  }, [api, gameId]);

  const finished: FinishedRecord | null = loaded.kind === 'loaded' && 'actions' in loaded.record ? loaded.record : null;
  const log = useMemo(
    () =>
      finished
        ? replayLog(
            finished.game.settings,
            finished.actions.map((a) => a.action),
          )
        : null,
    [finished],
  );

  if (loaded.kind === 'loading') return <p className="empty">{t('replay.loading')}</p>;
  if (loaded.kind === 'failed') return <Refusal error={loaded.error} />;
  if (!finished || !log) {
    return (
      <p>
        {t('replay.live')} <a href={paths.game(gameId)}>{t('replay.watch')}</a>
      </p>
    );
  }
  return <ReplayView record={finished} log={log} settings={board} analyse={<AnalyseButton gameId={gameId} link={link} navigate={navigate} />} />;
}
