/** "December 2026" / "Декабрь 2026" for a month `YYYY-MM` (the server's Moscow-time month), in the page's language. */
export function monthName(month: string, language: string): string {
  const [y, m] = month.split('-').map(Number);
  if (y === undefined || m === undefined || !Number.isInteger(y) || !Number.isInteger(m)) return month;
  // The middle of the month in UTC: the same month whatever the reader's zone.
  const name = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, 15));
  return `${name.charAt(0).toLocaleUpperCase(language)}${name.slice(1)} ${y}`;
}
