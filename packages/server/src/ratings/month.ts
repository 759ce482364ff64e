/**
 * The site's month runs on Moscow time (UTC+3 all year since 2014, no daylight saving): the monthly top of
 * 1 January counts rated games from 31 December 21:00 UTC. docs/ratings.md.
 */
const MOSCOW_OFFSET_MS = 3 * 3600_000;

/** `YYYY-MM`, the month in Moscow at `at`. */
export function moscowMonth(at: number): string {
  const d = new Date(at + MOSCOW_OFFSET_MS);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month `YYYY-MM` as [from, to) in milliseconds, or null for a malformed one. */
export function monthRange(month: string): { readonly from: number; readonly to: number } | null {
  const m = /^([0-9]{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]) - 1;
  return { from: Date.UTC(y, mo, 1) - MOSCOW_OFFSET_MS, to: Date.UTC(y, mo + 1, 1) - MOSCOW_OFFSET_MS };
}
