import { useTranslation } from 'react-i18next';

/** A page's data could not be read: why (an error key, as `describeError` gives it), and a button to try again. */
export function LoadFailed({ errorKey, onRetry }: { readonly errorKey: string; readonly onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert" role="alert">
      {t(errorKey)}
      <div className="actions">
        <button type="button" className="btn btn-small" onClick={onRetry}>
          {t('common:actions.retry')}
        </button>
      </div>
    </div>
  );
}
