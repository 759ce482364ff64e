import { useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';
import { paths, type Route } from '../router';
import { HeaderChips } from './HeaderChips';
import { LanguageSwitch } from './LanguageSwitch';
import { showError } from './notices';
import { useProfile } from './session';
import { useMe, useServices } from './services';

/** Which top-level section a route belongs to (for `aria-current` in the nav). */
const sectionOf = (route: Route): string =>
  route.name === 'game' || route.name === 'table' ? 'lobby' : route.name === 'tournament' ? 'tournaments' : route.name;

/**
 * The header: name, main nav, language switch, an account's chips and the player's menu (profile, settings, log in /
 * sign up for a guest, log out for an account).
 */
export function Header({ route }: { readonly route: Route }) {
  const { t } = useTranslation();
  const { link, session, chips, navigate } = useServices();
  const profile = useProfile(session);
  const balance = useSyncExternalStore(chips.subscribe, chips.get, chips.get);
  const me = useMe(link);
  const name = profile?.displayName ?? me?.name ?? null;
  const guest = profile?.guest ?? me?.guest ?? true;
  const section = sectionOf(route);
  const current = (s: string) => (section === s ? ('page' as const) : undefined);

  const menu = useRef<HTMLDetailsElement>(null);

  const logout = () => {
    session.logout(currentLanguage()).then(() => navigate(paths.lobby()), showError);
  };

  return (
    <header className="app-header">
      <div className="app-header-inner">
        <a className="brand" href={paths.lobby()}>
          <svg className="brand-mark" viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
            <rect x="2" y="2" width="20" height="20" rx="4" fill="#f3e2cf" />
            <circle cx="8" cy="8" r="2" fill="#2b2118" />
            <circle cx="16" cy="16" r="2" fill="#2b2118" />
            <circle cx="12" cy="12" r="2" fill="#9c4a1c" />
          </svg>
          <span>{t('appName')}</span>
        </a>
        <nav className="main-nav" aria-label={t('nav.label')}>
          <a href={paths.lobby()} aria-current={current('lobby')}>
            {t('nav.lobby')}
          </a>
          <a href={paths.tournaments()} aria-current={current('tournaments')}>
            {t('nav.tournaments')}
          </a>
          <a href={paths.top(route.name === 'top' ? route.variant : 'long')} aria-current={current('top')}>
            {t('nav.top')}
          </a>
          <a href={paths.rules(route.name === 'rules' ? route.variant : 'long')} aria-current={current('rules')}>
            {t('nav.rules')}
          </a>
        </nav>
        <div className="header-tools">
          <LanguageSwitch />
          {profile && !profile.guest && balance && <HeaderChips balance={balance} href={paths.profile(profile.id)} />}
          <details className="user-menu" ref={menu}>
            <summary>
              <span className="user-name">{name ?? t('loading')}</span>
              {guest && <span className="badge">{t('user.guest')}</span>}
            </summary>
            {/* Choosing an item closes the menu (the page changes under it). */}
            <div className="user-menu-items" onClick={() => menu.current?.removeAttribute('open')}>
              {profile && (
                <a href={paths.profile(profile.id)} aria-current={current('profile')}>
                  {t('nav.profile')}
                </a>
              )}
              <a href={paths.import()} aria-current={current('import')}>
                {t('nav.import')}
              </a>
              <a href={paths.board()} aria-current={current('board')}>
                {t('nav.board')}
              </a>
              <a href={paths.settings()} aria-current={current('settings')}>
                {t('nav.settings')}
              </a>
              {guest ? (
                // On a phone the header has no room for these beside the menu.
                <span className="menu-auth">
                  <a href={paths.login()}>{t('nav.login')}</a>
                  <a href={paths.signup()}>{t('nav.signup')}</a>
                </span>
              ) : (
                <button type="button" className="btn-link" onClick={logout}>
                  {t('nav.logout')}
                </button>
              )}
            </div>
          </details>
          {guest && (
            <span className="auth-links">
              <a href={paths.login()} aria-current={current('login')}>
                {t('nav.login')}
              </a>
              <a href={paths.signup()} aria-current={current('signup')}>
                {t('nav.signup')}
              </a>
            </span>
          )}
        </div>
      </div>
    </header>
  );
}
