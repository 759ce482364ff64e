/**
 * Translations: i18next + react-i18next with every namespace of both languages bundled (no loading step, so the
 * first paint is already translated). The language is the one the player chose (localStorage `nardy.lang`),
 * else the browser's (`ru*` → Russian, anything else → English). `common` is the fallback namespace, so shared
 * words (variant names, nardy terms, buttons) are reachable from every namespace.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@nardy/protocol';
import enAuth from './locales/en/auth.json';
import enBoard from './locales/en/board.json';
import enCommon from './locales/en/common.json';
import enErrors from './locales/en/errors.json';
import enGame from './locales/en/game.json';
import enLobby from './locales/en/lobby.json';
import enProfile from './locales/en/profile.json';
import enRules from './locales/en/rules.json';
import enSettings from './locales/en/settings.json';
import enTop from './locales/en/top.json';
import ruAuth from './locales/ru/auth.json';
import ruBoard from './locales/ru/board.json';
import ruCommon from './locales/ru/common.json';
import ruErrors from './locales/ru/errors.json';
import ruGame from './locales/ru/game.json';
import ruLobby from './locales/ru/lobby.json';
import ruProfile from './locales/ru/profile.json';
import ruRules from './locales/ru/rules.json';
import ruSettings from './locales/ru/settings.json';
import ruTop from './locales/ru/top.json';

export const LANGUAGES = ['ru', 'en'] as const satisfies readonly Language[];
export const NAMESPACES = ['common', 'lobby', 'auth', 'top', 'settings', 'errors', 'board', 'game', 'profile', 'rules'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources = {
  en: {
    common: enCommon,
    lobby: enLobby,
    auth: enAuth,
    top: enTop,
    settings: enSettings,
    errors: enErrors,
    board: enBoard,
    game: enGame,
    profile: enProfile,
    rules: enRules,
  },
  ru: {
    common: ruCommon,
    lobby: ruLobby,
    auth: ruAuth,
    top: ruTop,
    settings: ruSettings,
    errors: ruErrors,
    board: ruBoard,
    game: ruGame,
    profile: ruProfile,
    rules: ruRules,
  },
} as const satisfies Record<Language, Record<Namespace, unknown>>;

/** Where the player's choice of language is kept. */
export const LANG_KEY = 'nardy.lang';

export const isLanguage = (x: unknown): x is Language => x === 'ru' || x === 'en';

/** The stored choice, else the first browser language that is Russian or English, else English. */
export function detectLanguage(stored: string | null, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'ru') return 'ru';
    if (base === 'en') return 'en';
  }
  return 'en';
}

/**
 * A fresh i18next instance in `lng` (the app has one; tests make their own). `onMissing` hears of every key
 * asked for that no namespace has (tests use it to catch keys built at run time).
 */
export function createI18n(lng: Language, onMissing?: (key: string, namespaces: readonly string[]) => void): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...(onMissing
      ? { saveMissing: true, missingKeyHandler: (_lngs: readonly string[], ns: string, key: string) => onMissing(key, [ns]) }
      : {}),
    resources,
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    fallbackNS: 'common',
    // React escapes what it renders; nothing a translation holds is ever inserted as HTML.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

const storage = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
};

const browserLanguages = (): readonly string[] => {
  const nav = globalThis.navigator as Navigator | undefined;
  return nav?.languages ?? (nav?.language ? [nav.language] : []);
};

export const i18n: I18n = createI18n(detectLanguage(storage()?.getItem(LANG_KEY) ?? null, browserLanguages()));

/** The language the app shows now. */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'en');

/** Keeps `<html lang>` on the language shown (screen readers, hyphenation, fonts). */
function syncDocument(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
syncDocument(currentLanguage());
i18n.on('languageChanged', syncDocument);

/** Switches the language and remembers the choice. Telling the server is the session's job (app/session.ts). */
export async function setLanguage(lng: Language): Promise<void> {
  try {
    storage()?.setItem(LANG_KEY, lng);
  } catch {
    // full or refused storage: the choice lasts this visit
  }
  await i18n.changeLanguage(lng);
}
