import type { Seek } from '@nardy/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../app/notices';
import { useServices } from '../../app/services';
import { UserLabel } from '../../app/UserLabel';
import { paths } from '../../router';
import { SettingsChips } from './SettingsChips';

/** Open seeks, live: accept someone's (→ the game), cancel your own. */
export function SeekList({ seeks, me, ready }: { readonly seeks: readonly Seek[]; readonly me: string | null; readonly ready: boolean }) {
  const { t } = useTranslation('lobby');
  const { link, navigate } = useServices();
  const [busy, setBusy] = useState<string | null>(null);

  const act = (seekId: string, work: () => Promise<void>) => {
    setBusy(seekId);
    work()
      .catch(showError)
      .finally(() => setBusy(null));
  };
  const accept = (seekId: string) =>
    act(seekId, async () => {
      const r = await link.send({ type: 'seek.accept', seekId });
      if (r?.kind === 'game') navigate(paths.game(r.gameId));
    });
  const cancel = (seekId: string) =>
    act(seekId, async () => {
      await link.send({ type: 'seek.cancel', seekId });
    });

  return (
    <section className="card seeks" aria-labelledby="seeks-title">
      <h2 id="seeks-title">{t('seek.title')}</h2>
      {!ready ? (
        <p className="empty">{t('common:loading')}</p>
      ) : seeks.length === 0 ? (
        <p className="empty">{t('seek.none')}</p>
      ) : (
        <ul className="plain-list">
          {seeks.map((s) => {
            const mine = s.by.userId === me;
            return (
              <li key={s.seekId} className={mine ? 'seek seek-mine' : 'seek'}>
                <div className="seek-head">
                  <UserLabel user={s.by} />
                  {mine && <span className="badge">{t('seek.yours')}</span>}
                </div>
                <SettingsChips settings={s.settings} />
                <div className="actions">
                  {mine ? (
                    <button type="button" className="btn btn-small btn-danger" disabled={busy === s.seekId} onClick={() => cancel(s.seekId)}>
                      {t('seek.cancel')}
                    </button>
                  ) : (
                    <button type="button" className="btn btn-small btn-primary" disabled={busy === s.seekId} onClick={() => accept(s.seekId)}>
                      {t('seek.accept')}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
