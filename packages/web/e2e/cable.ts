/**
 * A player's network cable for the app's socket: every WebSocket the page opens goes through Playwright's
 * WebSocket routing to the real server, so the test can cut it (the open socket is closed and new ones are
 * refused, as when the Wi-Fi drops) and mend it (the app's next retry gets through).
 */
import type { Page, WebSocketRoute } from 'playwright-core';

export interface Cable {
  readonly cut: () => Promise<void>;
  readonly mend: () => void;
}

/** Installs the cable; call before the page opens its socket (before the first navigation). */
export async function cable(page: Page): Promise<Cable> {
  let up = true;
  const CUT = { code: 4000, reason: 'cable cut' };
  /** Each open socket: the page's end and the server's end. */
  const open = new Map<WebSocketRoute, WebSocketRoute>();
  await page.routeWebSocket(
    (url) => url.pathname === '/ws',
    (ws) => {
      if (!up) return void ws.close(CUT);
      const server = ws.connectToServer();
      open.set(ws, server);
      // The page closing its socket (a reconnect after logging in) closes the server's end too.
      ws.onClose((code, reason) => {
        open.delete(ws);
        void server.close({ ...(code === undefined ? {} : { code }), ...(reason === undefined ? {} : { reason }) });
      });
    },
  );
  return {
    cut: async () => {
      up = false;
      const ends = [...open].flat();
      open.clear();
      await Promise.all(ends.map((end) => end.close(CUT)));
    },
    mend: () => {
      up = true;
    },
  };
}
