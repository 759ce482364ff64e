import type { AckResult } from '@nardy/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../app/notices';
import { useServices } from '../../app/services';
import { paths } from '../../router';

/** Tokens already asked for in this tab: a remount (React's strict mode, a double render) must not join twice. */
const joining = new Map<string, Promise<AckResult | undefined>>();

/** `/table/:token`: sits down at a private table, then opens the game (the link replaces this page in history). */
export function JoinTablePage({ token }: { readonly token: string }) {
  const { t } = useTranslation('lobby');
  const { link, navigate } = useServices();
  const [failure, setFailure] = useState<{ key: string } | null>(null);

  useEffect(() => {
    let live = true;
    let attempt = joining.get(token);
    if (!attempt) {
      attempt = link.send({ type: 'table.join', token });
      joining.set(token, attempt);
      attempt.catch(() => joining.delete(token));
    }
    attempt.then(
      (r) => {
        if (live && r?.kind === 'game') navigate(paths.game(r.gameId), { replace: true });
      },
      (e: unknown) => live && setFailure(describeError(e)),
    );
    return () => {
      live = false;
    };
  }, [link, navigate, token]);

  return (
    <section className="card">
      <h1>{t('table.joinTitle')}</h1>
      {failure ? (
        <>
          <p className="alert" role="alert">
            {t(failure.key)}
          </p>
          <a className="btn" href={paths.lobby()}>
            {t('table.backToLobby')}
          </a>
        </>
      ) : (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" /> {t('table.joining')}
        </p>
      )}
    </section>
  );
}
