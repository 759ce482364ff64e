import type { TableSettings } from '@nardy/protocol';
import { useTranslation } from 'react-i18next';
import { describeSettings } from './describe';

/** A table's settings as small chips (variant, length, scoring, cube, clock, rated). */
export function SettingsChips({ settings }: { readonly settings: TableSettings }) {
  const { t } = useTranslation('lobby');
  return (
    <ul className="chips" aria-label={t('describe.label')}>
      {describeSettings(settings).map((p) => (
        <li className="chip" key={p.key} title={p.hint === undefined ? undefined : t(p.hint)}>
          {t(p.key, p.params)}
        </li>
      ))}
    </ul>
  );
}
