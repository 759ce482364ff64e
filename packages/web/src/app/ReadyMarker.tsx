import { useLayoutEffect } from 'react';
import { useLinkStatus, useServices } from './services';

/**
 * Sets `<html data-ready>`: "true" while the page shown is drawn (not waiting for its code or its texts) and the
 * link is online, "false" otherwise — what the browser tests and the load benchmark (bench/web.js) wait for.
 * Rendered beside the page inside its Suspense boundary: while the page suspends, React hides it and runs this
 * layout effect's cleanup.
 */
export function ReadyMarker() {
  const { link } = useServices();
  const online = useLinkStatus(link) === 'online';
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset['ready'] = String(online);
    return () => {
      root.dataset['ready'] = 'false';
    };
  }, [online]);
  return null;
}
