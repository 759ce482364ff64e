import type { AckResult, TableSettings, UserRef } from '@nardy/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../app/notices';
import { useServices } from '../../app/services';
import { UserLabel } from '../../app/UserLabel';
import { paths } from '../../router';
import { SettingsChips } from './SettingsChips';

/** Tokens already asked about in this tab: a remount (React's strict mode, a double render) must not ask twice. */
const shown = new Map<string, Promise<AckResult | undefined>>();

type Table = { readonly settings: TableSettings; readonly host: UserRef };

/**
 * `/table/:token`: shows what the private table plays and who made it (`table.show`), and asks "Sit down?"; the
 * visitor sits down (`table.join`) only when he says so, then the game opens (replacing this page in history).
 */
export function JoinTablePage({ token }: { readonly token: string }) {
  const { t } = useTranslation(['tableForm', 'lobby'], { nsMode: 'fallback' });
  const { link, navigate } = useServices();
  const [failure, setFailure] = useState<{ key: string } | null>(null);
  const [table, setTable] = useState<Table | null>(null);
  const [sitting, setSitting] = useState(false);

  useEffect(() => {
    let live = true;
    let asked = shown.get(token);
    if (!asked) {
      asked = link.send({ type: 'table.show', token });
      shown.set(token, asked);
      asked.catch(() => shown.delete(token));
    }
    asked.then(
      (r) => {
        if (live && r?.kind === 'tableInfo') setTable({ settings: r.settings, host: r.host });
      },
      (e: unknown) => live && setFailure(describeError(e)),
    );
    return () => {
      live = false;
    };
  }, [link, token]);

  const sit = () => {
    setSitting(true);
    link.send({ type: 'table.join', token }).then(
      (r) => {
        if (r?.kind === 'game') navigate(paths.game(r.gameId), { replace: true });
      },
      (e: unknown) => {
        shown.delete(token);
        setSitting(false);
        setFailure(describeError(e));
      },
    );
  };

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
      ) : table ? (
        <>
          <p>
            {t('table.invitedBy')} <UserLabel user={table.host} />
          </p>
          <SettingsChips settings={table.settings} />
          <p className="actions">
            <button type="button" className="btn btn-primary" disabled={sitting} onClick={sit}>
              {t('table.sit')}
            </button>
            <a className="btn" href={paths.lobby()}>
              {t('table.backToLobby')}
            </a>
          </p>
        </>
      ) : (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" /> {t('table.loading')}
        </p>
      )}
    </section>
  );
}
