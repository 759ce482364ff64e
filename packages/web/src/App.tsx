import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ConnectionBanner } from './app/ConnectionBanner';
import { Header } from './app/Header';
import { NotFound } from './app/NotFound';
import { Notices } from './app/Notices';
import { notices } from './app/notices';
import { ReadyMarker } from './app/ReadyMarker';
import { ServicesContext, useLinkStatus, useServices, type Services } from './app/services';
import { useSettings } from './app/settings';
import { createMatchNotifier } from './app/tournamentMatch';
import { LobbyPage } from './pages/lobby/LobbyPage';
import { loadLaterTexts } from './i18n';
import { matchRoute, paths, usePath, type Route, type Router } from './router';
import './styles/global.css';
import './styles/shell.css';

// Every page but the lobby loads when first opened: the first load of the lobby stays under 100 kB of gzipped
// JS (issue 41; bench/web.js measures it).
const AuthPage = lazy(() => import('./pages/auth/AuthPage').then((m) => ({ default: m.AuthPage })));
const JoinTablePage = lazy(() => import('./pages/lobby/JoinTablePage').then((m) => ({ default: m.JoinTablePage })));
const SettingsPage = lazy(() => import('./pages/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })));
const TopPage = lazy(() => import('./pages/top/TopPage').then((m) => ({ default: m.TopPage })));
const RatingsPage = lazy(() => import('./pages/ratings/RatingsPage').then((m) => ({ default: m.RatingsPage })));
// The challenges' box loads with the first challenge to or from the player.
const ChallengeInbox = lazy(() => import('./app/ChallengeInbox').then((m) => ({ default: m.ChallengeInbox })));
const GameRoom = lazy(() => import('./game/GameRoom').then((m) => ({ default: m.GameRoom })));
const ProfilePage = lazy(() => import('./pages/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const ReplayPage = lazy(() => import('./pages/replay/ReplayPage').then((m) => ({ default: m.ReplayPage })));
const DicePage = lazy(() => import('./pages/replay/DicePage').then((m) => ({ default: m.DicePage })));
const AnalysisPage = lazy(() => import('./pages/analysis/AnalysisPage').then((m) => ({ default: m.AnalysisPage })));
const AnalysisBoardPage = lazy(() => import('./pages/analysis-board/AnalysisBoardPage').then((m) => ({ default: m.AnalysisBoardPage })));
const ImportPage = lazy(() => import('./pages/import/ImportPage').then((m) => ({ default: m.ImportPage })));
const TournamentsPage = lazy(() => import('./pages/tournaments/TournamentsPage').then((m) => ({ default: m.TournamentsPage })));
const TournamentPage = lazy(() => import('./pages/tournaments/TournamentPage').then((m) => ({ default: m.TournamentPage })));
const RulesPage = lazy(() => import('./pages/rules/RulesPage').then((m) => ({ default: m.RulesPage })));

/** The app: header, the page of the current route, the connection banner and the notice area. */
export function App({ services, router }: { readonly services: Services; readonly router: Router }) {
  const path = usePath(router);
  const route = matchRoute(path);
  const { t } = useTranslation();

  // Being seated at a new game (a seek accepted, quick pairing, a challenge, a rematch) opens it.
  useEffect(() => services.link.on('game.started', (m) => services.navigate(paths.game(m.gameId))), [services]);
  // A tournament match that is ready shows on every page, with its "Play" link.
  useEffect(() => {
    const notifier = createMatchNotifier(
      notices,
      document,
      () => t('tournamentMatch.title'),
      () => window.location.pathname,
    );
    const off = services.link.on('tournament.match', notifier.notify);
    return () => {
      off();
      notifier.stop();
    };
  }, [services, t]);

  // A notice whose link leads to the page now shown (a match's "Play") goes.
  useEffect(() => notices.arrived(path.split(/[?#]/)[0] ?? path), [path]);

  // The error texts once the page is drawn and the socket online (commands can be refused from then on), after
  // that render: they are not part of the first load.
  const online = useLinkStatus(services.link) === 'online';
  useEffect(() => {
    if (!online) return;
    const timer = setTimeout(() => void loadLaterTexts(), 0);
    return () => clearTimeout(timer);
  }, [online]);

  useEffect(() => {
    document.title = t('documentTitle', { page: t(`pageTitle.${route.name}`) });
  }, [t, route.name]);

  return (
    <ServicesContext.Provider value={services}>
      <div className="app">
        <Header route={route} />
        <ConnectionBanner />
        <main className="page" id="main">
          <Challenges />
          <Suspense fallback={<p className="empty">{t('loading')}</p>}>
            <Page route={route} />
            <ReadyMarker />
          </Suspense>
        </main>
        <Notices />
      </div>
    </ServicesContext.Provider>
  );
}

/** The challenges' box, once there is a challenge (its code is not part of the first load). */
function Challenges() {
  const { challenges } = useServices();
  const state = useSyncExternalStore(challenges.subscribe, challenges.get, challenges.get);
  if (state.incoming.length === 0 && state.outgoing.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ChallengeInbox />
    </Suspense>
  );
}

function Page({ route }: { readonly route: Route }) {
  const { link, settings, navigate } = useServices();
  const board = useSettings(settings);
  switch (route.name) {
    case 'lobby':
      return <LobbyPage />;
    case 'login':
    case 'signup':
      return <AuthPage key={route.name} mode={route.name} />;
    case 'settings':
      return <SettingsPage />;
    case 'top':
      return <TopPage variant={route.variant} />;
    case 'ratings':
      return <RatingsPage />;
    case 'game':
      return <GameRoom key={route.gameId} gameId={route.gameId} link={link} settings={board} navigate={navigate} />;
    case 'table':
      return <JoinTablePage key={route.tableId} token={route.tableId} />;
    case 'profile':
      return <ProfilePage key={route.userId} userId={route.userId} navigate={navigate} />;
    case 'replay':
      return <ReplayPage key={route.gameId} gameId={route.gameId} navigate={navigate} />;
    case 'dice':
      return <DicePage key={route.gameId} gameId={route.gameId} />;
    case 'analysis':
      return <AnalysisPage key={route.gameId} gameId={route.gameId} />;
    case 'board':
      return <AnalysisBoardPage key={location.search} search={location.search} />;
    case 'import':
      return <ImportPage />;
    case 'rules':
      return <RulesPage variant={route.variant} />;
    case 'tournaments':
      return <TournamentsPage />;
    case 'tournament':
      return <TournamentPage key={route.tournamentId} tournamentId={route.tournamentId} />;
    case 'notFound':
      return <NotFound />;
  }
}
