import { useTranslate } from './useTranslate';

interface Props {
  readonly error: { readonly code: string; readonly message: string };
  /** Offers to close it (the room's refusals); pages that failed to load keep it. */
  readonly onDismiss?: () => void;
}

/** A refusal from the server: its code translated (`errors` namespace); its message is the server's English, never shown. */
export function Refusal({ error, onDismiss }: Props) {
  const tErrors = useTranslate('errors');
  const t = useTranslate('game');
  return (
    <div className="alert refusal" role="alert">
      <p>{tErrors(error.code)}</p>
      {onDismiss && (
        <button type="button" className="btn btn-small" onClick={onDismiss}>
          {t('refused.dismiss')}
        </button>
      )}
    </div>
  );
}
