/**
 * The time left until a tournament starts, as a translation key with parameters: "in 2 d 5 h" a day or more
 * ahead, "in 1:05:09" / "in 4:07" within a day, "starting…" once the time has come (the server starts it).
 */
export interface CountdownText {
  readonly key: 'countdown.days' | 'countdown.clock' | 'countdown.now';
  readonly params: Readonly<Record<string, string | number>>;
}

const pad = (n: number): string => String(n).padStart(2, '0');

export function countdownText(startsAt: number, now: number): CountdownText {
  // Rounded up: "0:01" until the very second of the start, never "0:00" before it.
  const s = Math.ceil((startsAt - now) / 1000);
  if (s <= 0) return { key: 'countdown.now', params: {} };
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  if (days > 0) return { key: 'countdown.days', params: { days, hours } };
  const min = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return { key: 'countdown.clock', params: { time: hours > 0 ? `${hours}:${pad(min)}:${pad(sec)}` : `${min}:${pad(sec)}` } };
}
