import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './App';
import { createChallengeStore } from './app/challenges';
import { createChipsStore } from './app/chips';
import { notices } from './app/notices';
import type { Services } from './app/services';
import { createSession, keepServerLanguage, storedSessionHint } from './app/session';
import { createSettingsStore } from './app/settings';
import { currentLanguage, i18n, i18nReady, loadLaterTexts } from './i18n';
import { api } from './net/api';
import { createLink } from './net/connection';
import { createRouter } from './router';

/**
 * Starts the app, with no step waiting for another that it does not need: the first screen's texts load (i18n
 * started with its module), the session is found or made, and the socket opens — at once for a returning
 * visitor, whose session cookie is already there, after the session for a first visit, whose socket must carry
 * the new guest cookie (app/session.ts). The app draws as soon as its texts are there; the header and the
 * "connecting…" banner fill in when the session and the socket do.
 */
function main(): void {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }

  const hint = storedSessionHint(storage);
  const returning = hint.present();
  const session = createSession(api, hint);
  const started = session.start(currentLanguage());
  const link = createLink({
    lang: currentLanguage,
    ...(returning ? {} : { connectAfter: started }),
    // Logged out or the password changed on another device: this page follows (a guest now, unless signed in again).
    onSessionEnded: () => void session.ended(currentLanguage()),
  });
  session.onIdentityChange(() => link.reconnect());
  void started.then((made) => {
    // The hint was stale (the cookie expired or was cleared): the early socket is not the new guest's.
    if (returning && made) link.reconnect();
    keepServerLanguage(session, currentLanguage);
  });
  // Back from a lost network or a sleeping laptop: do not wait for the backoff.
  window.addEventListener('online', () => {
    if (link.status !== 'online') link.reconnect();
  });

  // The error texts load once the app is usable (App); failing that, after a while: an API call may fail meanwhile.
  setTimeout(() => void loadLaterTexts(), 3000);

  const router = createRouter(window);
  router.interceptClicks(document);

  const services: Services = {
    link,
    api,
    session,
    settings: createSettingsStore(storage, window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false),
    challenges: createChallengeStore(link, (key) => notices.showInfo(key)),
    chips: createChipsStore(api, link, session),
    navigate: router.navigate,
  };

  const root = document.getElementById('root');
  if (!root) return;
  void i18nReady.then(() => {
    // A transition: the first render yields to the browser every few milliseconds, so the session's answers and
    // the socket's handshake are handled while it runs instead of after it.
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <I18nextProvider i18n={i18n}>
            <App services={services} router={router} />
          </I18nextProvider>
        </StrictMode>,
      );
    });
  });
}

main();
