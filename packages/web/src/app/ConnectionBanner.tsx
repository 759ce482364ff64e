import { useTranslation } from 'react-i18next';
import { useLinkStatus, useServices } from './services';

/** "Reconnecting…" while the link is not online (the link retries by itself). */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const { link } = useServices();
  const status = useLinkStatus(link);
  if (status === 'online') return null;
  return (
    <div className="connection-banner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {t(link.me === null ? 'connection.connecting' : 'connection.reconnecting')}
    </div>
  );
}
