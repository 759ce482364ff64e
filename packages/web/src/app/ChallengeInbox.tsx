import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsChips } from '../pages/lobby/SettingsChips';
import { paths } from '../router';
import { showError } from './notices';
import { ratingText } from './rating';
import { useServices } from './services';

/** Challenges to the player (accept / decline) and his own waiting for an answer (cancel), on every page. */
export function ChallengeInbox() {
  const { t } = useTranslation('lobby');
  const { link, challenges, navigate } = useServices();
  const state = useSyncExternalStore(challenges.subscribe, challenges.get, challenges.get);
  const [busy, setBusy] = useState<string | null>(null);
  if (state.incoming.length === 0 && state.outgoing.length === 0) return null;

  const act = (challengeId: string, run: () => Promise<unknown>) => {
    setBusy(challengeId);
    run()
      .catch(showError)
      .finally(() => setBusy(null));
  };
  const accept = (challengeId: string) =>
    act(challengeId, async () => {
      const r = await link.send({ type: 'challenge.accept', challengeId });
      challenges.remove(challengeId);
      if (r?.kind === 'game') navigate(paths.game(r.gameId));
    });
  const decline = (challengeId: string) =>
    act(challengeId, async () => {
      await link.send({ type: 'challenge.decline', challengeId });
      challenges.remove(challengeId);
    });
  const cancel = (challengeId: string) =>
    act(challengeId, async () => {
      await link.send({ type: 'challenge.cancel', challengeId });
      challenges.remove(challengeId);
    });

  return (
    <section className="card challenge-inbox" aria-label={t('challenge.inbox')}>
      <ul className="plain-list">
        {state.incoming.map((c) => (
          <li key={c.challengeId}>
            <p>
              {t('challenge.from', { name: c.from.rating === undefined ? c.from.name : `${c.from.name} (${ratingText(c.from.rating, c.from.provisional)})` })}
            </p>
            <SettingsChips settings={c.settings} />
            <div className="actions">
              <button type="button" className="btn btn-primary" disabled={busy === c.challengeId} onClick={() => accept(c.challengeId)}>
                {t('challenge.accept')}
              </button>
              <button type="button" className="btn" disabled={busy === c.challengeId} onClick={() => decline(c.challengeId)}>
                {t('challenge.decline')}
              </button>
            </div>
          </li>
        ))}
        {state.outgoing.map((c) => (
          <li key={c.challengeId}>
            <p>{t('challenge.waiting', { name: 'name' in c.to ? c.to.name : c.to.userId })}</p>
            <div className="actions">
              <button type="button" className="btn btn-small" disabled={busy === c.challengeId} onClick={() => cancel(c.challengeId)}>
                {t('challenge.cancel')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
