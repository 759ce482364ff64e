/** Numbers of the analysis in the page's language: equities, chances, rates. */
export interface Formats {
  /** An equity, signed, three decimals (+0.123). */
  readonly equity: (x: number) => string;
  /** A chance as a percentage (53.2 %). */
  readonly percent: (x: number) => string;
  /** A rate or PR with one decimal; a dash for none. */
  readonly rate: (x: number | null | undefined) => string;
}

export function formats(language: string): Formats {
  const equity = new Intl.NumberFormat(language, { minimumFractionDigits: 3, maximumFractionDigits: 3, signDisplay: 'exceptZero' });
  const percent = new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const rate = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return {
    equity: (x) => equity.format(x),
    percent: (x) => percent.format(x),
    rate: (x) => (x === null || x === undefined ? '—' : rate.format(x)),
  };
}
