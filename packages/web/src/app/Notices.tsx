import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';
import { notices } from './notices';

/** The app-wide notice area: refused commands (translated by code) and confirmations. */
export function Notices() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(notices.subscribe, notices.list, notices.list);
  return (
    <div className="notices" aria-live="polite" aria-label={t('notices.label')}>
      {list.map((n) => (
        <div key={n.id} className={`notice notice-${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'}>
          <div className="notice-text">
            <span>{t(n.key, n.params)}</span>
            {n.action && (
              <a className="btn btn-small btn-primary" href={n.action.href} onClick={() => notices.dismiss(n.id)}>
                {t(n.action.key)}
              </a>
            )}
          </div>
          <button type="button" className="notice-close" aria-label={t('actions.dismiss')} onClick={() => notices.dismiss(n.id)}>
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
