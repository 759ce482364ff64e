/**
 * Translations: i18next + react-i18next. Each namespace of each language is its own small chunk, fetched when
 * first needed: the first screen's (`FIRST_SCREEN`) of the language shown while the app starts, the error texts
 * (`LATER`) once it is usable, a page's own with the page (`useTranslation('rules')` suspends the page until its
 * texts are there), the other language's when the player switches (i18next loads every namespace in use before it
 * changes language). So pages are never drawn with raw keys (an error code shown in the app's first moments is
 * redrawn in words when its texts arrive), and the first download holds neither the other language nor the rule
 * texts.
 *
 * The language is the one the player chose (localStorage `nardy.lang`), else the browser's (`ru*` → Russian,
 * anything else → English). `common` is the fallback namespace, so shared words (variant names, nardy terms,
 * buttons) are reachable from every namespace. Tests take every text at once from `./resources`.
 */
import i18next, { type BackendModule, type InitOptions, type ResourceKey, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@nardy/protocol';
export const NAMESPACES = [
  'common',
  'lobby',
  'tableForm',
  'auth',
  'top',
  'settings',
  'errors',
  'board',
  'game',
  'profile',
  'rules',
  'analysis',
  'analysisBoard',
  'imports',
  'tournaments',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What the shell draws on every page (header, banners, the challenge inbox) and the lobby, the first page. */
const FIRST_SCREEN = ['common', 'lobby'] as const satisfies readonly Namespace[];
/**
 * Texts needed only once something is refused (the server's error codes): not part of the first load (issue 41's
 * budget), fetched by `loadLaterTexts` once the app is usable.
 */
const LATER = ['errors'] as const satisfies readonly Namespace[];

/** Where the player's choice of language is kept. */
const LANG_KEY = 'nardy.lang';

const isLanguage = (x: unknown): x is Language => (LANGUAGES as readonly unknown[]).includes(x);

/** The stored choice, else the first browser language that is Russian or English, else English. */
function detectLanguage(stored: string | null, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'ru') return 'ru';
    if (base === 'en') return 'en';
  }
  return 'en';
}

/**
 * The settings the app's instance and the tests' share. No fallback language: both languages have every key
 * (keys.test.ts), and a fallback would make i18next fetch English texts for a Russian page.
 */
export const i18nOptions = (lng: Language): InitOptions => ({
  lng,
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  fallbackNS: 'common',
  // React escapes what it renders; nothing a translation holds is ever inserted as HTML.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** i18next's loader for one language's namespace: a dynamic import, so Vite makes each file its own chunk. */
const bundles: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (lng, ns, done) => {
    import(`./locales/${lng}/${ns}.json`).then(
      (m: { default: ResourceKey }) => done(null, m.default),
      (e: unknown) => done(e instanceof Error ? e : new Error(String(e)), false),
    );
  },
};

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

const initial = detectLanguage(storage()?.getItem(LANG_KEY) ?? null, browserLanguages());

/** The app's instance; its first screen's texts start loading as soon as this module runs. */
export const i18n: I18n = i18next.createInstance();

/**
 * Settles once the first screen's texts of the language shown are loaded (or failed to: i18next resolves either
 * way, and the app then draws with keys rather than nothing). The app draws after it.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(bundles)
  .use(initReactI18next)
  // `loaded`: what is drawn again when a namespace arrives, so an error shown before its texts is put right.
  .init({ ...i18nOptions(initial), ns: [...FIRST_SCREEN], initAsync: false, react: { bindI18n: 'languageChanged loaded' } });

/** Fetches the texts left out of the first load (`LATER`); once is enough, i18next keeps them. */
export const loadLaterTexts = (): Promise<unknown> => i18n.loadNamespaces([...LATER]);

/** The language the app shows now (the one being switched to counts once its texts are there). */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : initial);

/** Keeps `<html lang>` on the language shown (screen readers, hyphenation, fonts). */
function syncDocument(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
syncDocument(currentLanguage());
i18n.on('languageChanged', syncDocument);

/**
 * Switches the language (after loading its texts for every namespace in use) and remembers the choice.
 * Telling the server is the session's job (app/session.ts).
 */
export async function setLanguage(lng: Language): Promise<void> {
  try {
    storage()?.setItem(LANG_KEY, lng);
  } catch {
    // full or refused storage: the choice lasts this visit
  }
  await i18n.changeLanguage(lng);
}
