/**
 * In place of the dice proof, for a match uploaded as a `.mat` file: its dice are the ones the file records, thrown
 * elsewhere, and there is no server seed to check them against (the server answers a dice check of it with 409).
 */
import { useTranslate } from '../../game/useTranslate';

interface Props {
  readonly gameId: string;
  readonly fileName: string;
}

export function ImportedDice({ gameId, fileName }: Props) {
  const t = useTranslate('game');
  return (
    <section className="dice-proof card" aria-label={t('replay.imported.title')}>
      <h3 className="dice-proof-title">{t('replay.imported.title')}</h3>
      <p>{t('replay.imported.noDice', { file: fileName })}</p>
      <p>
        <a href={`/api/games/${encodeURIComponent(gameId)}/mat`} download>
          {t('dice.downloadMat')}
        </a>
      </p>
    </section>
  );
}
