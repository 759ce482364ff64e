import { useTranslation } from 'react-i18next';
import type { ChipsBalance } from './chips';

/**
 * The account's chips in the header (G9): the free ones, and those on hold at his tables when there are any (both
 * in the tooltip); a link to his profile, where the ledger is.
 */
export function HeaderChips({ balance, href }: { readonly balance: ChipsBalance; readonly href: string }) {
  const { t, i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  const free = format.format(balance.free);
  const held = format.format(balance.held);
  return (
    <a className="header-chips" href={href} title={t('chips.title', { free, held })}>
      <span data-chips="free">{t('chips.free', { count: balance.free, n: free })}</span>
      {balance.held > 0 && <small data-chips="held">{t('chips.held', { n: held })}</small>}
    </a>
  );
}
