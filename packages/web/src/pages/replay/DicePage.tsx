/** `/dice/:gameId`: loads a finished game's dice check and shows it readably (DiceView). */
import type { DiceReport } from '@nardy/protocol';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services';
import { Refusal } from '../../game/Refusal';
import { useTranslate } from '../../game/useTranslate';
import { ServerError } from '../../net/types';
import { DiceView } from './DiceView';
import './replay.css';

type Loaded =
  { readonly kind: 'loading' } | { readonly kind: 'failed'; readonly error: ServerError } | { readonly kind: 'loaded'; readonly report: DiceReport };

export function DicePage({ gameId }: { readonly gameId: string }) {
  const { api } = useServices();
  const t = useTranslate('game');
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    api.dice(gameId).then(
      (report) => current && setLoaded({ kind: 'loaded', report }),
      (e: unknown) => current && setLoaded({ kind: 'failed', error: e instanceof ServerError ? e : new ServerError('INTERNAL', String(e)) }),
    );
    return () => {
      current = false;
    };
  }, [api, gameId]);
  if (loaded.kind === 'loading') return <p className="empty">{t('diceCheck.loading')}</p>;
  if (loaded.kind === 'failed') return <Refusal error={loaded.error} />;
  return <DiceView report={loaded.report} />;
}
