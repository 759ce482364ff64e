import { useEffect, useState } from 'react';

/**
 * Server time now (`Date.now()` + the link's offset), refreshed every `periodMs` while `ticking` — for clocks and
 * countdowns that run between views.
 */
export function useServerNow(serverNow: () => number, ticking: boolean, periodMs = 200): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(serverNow());
    if (!ticking) return undefined;
    const id = setInterval(() => setNow(serverNow()), periodMs);
    return () => clearInterval(id);
  }, [serverNow, ticking, periodMs]);
  return now;
}
