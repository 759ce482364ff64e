/**
 * `/dice/:gameId`: loads a finished game's dice check and shows it readably (DiceView). An imported match has none
 * (the server answers 409): the page says so, as its replay does.
 */
import type { DiceReport } from '@nardy/protocol';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services';
import { Refusal } from '../../game/Refusal';
import { useTranslate } from '../../game/useTranslate';
import { ServerError } from '../../net/types';
import { watchToken } from '../analysis/useAnalysisJob';
import { DiceView } from './DiceView';
import { ImportedDice } from './ImportedDice';
import './replay.css';

type Loaded =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly error: ServerError }
  | { readonly kind: 'loaded'; readonly report: DiceReport }
  | { readonly kind: 'imported'; readonly fileName: string };

const asServerError = (e: unknown): ServerError => (e instanceof ServerError ? e : new ServerError('INTERNAL', String(e)));

export function DicePage({ gameId }: { readonly gameId: string }) {
  const { api } = useServices();
  const t = useTranslate('game');
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    const failed = (e: unknown) => current && setLoaded({ kind: 'failed', error: asServerError(e) });
    api.dice(gameId, watchToken()).then(
      (report) => current && setLoaded({ kind: 'loaded', report }),
      (e: unknown) => {
        if (asServerError(e).code !== 'CONFLICT') return failed(e);
        // A refusal for the game's state: the record says whether it is an imported match.
        api.game(gameId, watchToken()).then(
          (r) => current && (r.game.imported ? setLoaded({ kind: 'imported', fileName: r.game.imported.fileName }) : failed(e)),
          () => failed(e),
        );
      },
    );
    return () => {
      current = false;
    };
  }, [api, gameId]);
  if (loaded.kind === 'loading') return <p className="empty">{t('diceCheck.loading')}</p>;
  if (loaded.kind === 'failed') return <Refusal error={loaded.error} />;
  if (loaded.kind === 'imported') return <ImportedDice gameId={gameId} fileName={loaded.fileName} />;
  return <DiceView report={loaded.report} />;
}
