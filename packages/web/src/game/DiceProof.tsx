import { paths } from '../router';
import type { Translate } from './phrase';

interface Props {
  readonly gameId: string;
  /** SHA-256 of the server seed, shown before play (G10, protocol §8). */
  readonly commitment: string;
  /** The server seed once the match is over, else null. */
  readonly serverSeed: string | null;
  /** This browser got the commitment before it sent its seed (`dice.commit`: quick pairing, bot game, rematch). */
  readonly before?: boolean;
  readonly t: Translate;
}

/** G10: the dice commitment during the match; the revealed seed, the link to check every throw and the `.mat` download after it. */
export function DiceProof({ gameId, commitment, serverSeed, before = false, t }: Props) {
  return (
    <section className="dice-proof card" aria-label={t('dice.title')}>
      <h3 className="dice-proof-title">{t('dice.title')}</h3>
      <p>{t('dice.commitment')}</p>
      <code className="dice-proof-hash">{commitment}</code>
      {before && <p className="dice-proof-before">{t('dice.before')}</p>}
      {serverSeed !== null && (
        <>
          <p>{t('dice.seed')}</p>
          <code className="dice-proof-hash">{serverSeed}</code>
          <p>
            <a href={paths.dice(gameId)}>{t('dice.verify')}</a>
          </p>
          <p>
            <a href={`/api/games/${encodeURIComponent(gameId)}/mat`} download>
              {t('dice.downloadMat')}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
