/** "Open in the analysis board": a link carrying a replayed position's IDs (the replay's and the analysis view's). */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReplayFrame } from '../replay/replayFrame';
import { boardPathOf } from './boardLink';

export function OpenInBoard({ frame }: { readonly frame: ReplayFrame }) {
  // No suspense: the host page is drawn already; the link appears once its text is loaded.
  const { t, ready } = useTranslation('analysisBoard', { useSuspense: false });
  const path = useMemo(() => boardPathOf(frame), [frame]);
  return ready && path ? (
    <a className="btn btn-small" href={path}>
      {t('open')}
    </a>
  ) : null;
}
