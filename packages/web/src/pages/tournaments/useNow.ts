import { useEffect, useState } from 'react';
import { useServices } from '../../app/services';

/** The server's time now (local time plus the link's clock offset), redrawn every second while `ticking`. */
export function useServerNow(ticking: boolean): number {
  const { link } = useServices();
  const [now, setNow] = useState(() => Date.now() + link.clockOffset);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now() + link.clockOffset), 1000);
    return () => clearInterval(timer);
  }, [link, ticking]);
  return now;
}
