import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './App';
import { createChallengeStore } from './app/challenges';
import { notices } from './app/notices';
import type { Services } from './app/services';
import { createSession, keepServerLanguage } from './app/session';
import { createSettingsStore } from './app/settings';
import { currentLanguage, i18n, i18nReady } from './i18n';
import { api } from './net/api';
import { createLink } from './net/connection';
import { createRouter } from './router';

/**
 * Starts the app: the session first (a guest one on a first visit, so the socket has a stable user), then the
 * link, the router and the first render.
 */
async function main(): Promise<void> {
  const session = createSession(api);
  await session.start(currentLanguage());

  const link = createLink({ lang: currentLanguage });
  session.onIdentityChange(() => link.reconnect());
  keepServerLanguage(session, currentLanguage);
  // Back from a lost network or a sleeping laptop: do not wait for the backoff.
  window.addEventListener('online', () => {
    if (link.status !== 'online') link.reconnect();
  });

  const router = createRouter(window);
  router.interceptClicks(document);

  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  const services: Services = {
    link,
    api,
    session,
    settings: createSettingsStore(storage, window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false),
    challenges: createChallengeStore(link, (key) => notices.showInfo(key)),
    navigate: router.navigate,
  };

  const root = document.getElementById('root');
  if (!root) return;
  await i18nReady; // the first screen's texts, fetched while the session started
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App services={services} router={router} />
      </I18nextProvider>
    </StrictMode>,
  );
}

void main();
