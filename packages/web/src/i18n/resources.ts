/**
 * Every text of both languages at once, for tests (node, no chunks to fetch): the keys check, and components
 * rendered whole with `createI18n`. The app itself loads them namespace by namespace (./index.ts).
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@nardy/protocol';
import { NAMESPACES, i18nOptions, type Namespace } from './index';
import enAnalysis from './locales/en/analysis.json';
import enAnalysisBoard from './locales/en/analysisBoard.json';
import enAuth from './locales/en/auth.json';
import enBoard from './locales/en/board.json';
import enCommon from './locales/en/common.json';
import enErrors from './locales/en/errors.json';
import enGame from './locales/en/game.json';
import enImports from './locales/en/imports.json';
import enLobby from './locales/en/lobby.json';
import enProfile from './locales/en/profile.json';
import enRules from './locales/en/rules.json';
import enSettings from './locales/en/settings.json';
import enTableForm from './locales/en/tableForm.json';
import enTop from './locales/en/top.json';
import enTournaments from './locales/en/tournaments.json';
import ruAnalysis from './locales/ru/analysis.json';
import ruAnalysisBoard from './locales/ru/analysisBoard.json';
import ruAuth from './locales/ru/auth.json';
import ruBoard from './locales/ru/board.json';
import ruCommon from './locales/ru/common.json';
import ruErrors from './locales/ru/errors.json';
import ruGame from './locales/ru/game.json';
import ruImports from './locales/ru/imports.json';
import ruLobby from './locales/ru/lobby.json';
import ruProfile from './locales/ru/profile.json';
import ruRules from './locales/ru/rules.json';
import ruSettings from './locales/ru/settings.json';
import ruTableForm from './locales/ru/tableForm.json';
import ruTop from './locales/ru/top.json';
import ruTournaments from './locales/ru/tournaments.json';

export const resources = {
  en: {
    common: enCommon,
    lobby: enLobby,
    tableForm: enTableForm,
    auth: enAuth,
    top: enTop,
    settings: enSettings,
    errors: enErrors,
    board: enBoard,
    game: enGame,
    profile: enProfile,
    rules: enRules,
    analysis: enAnalysis,
    analysisBoard: enAnalysisBoard,
    imports: enImports,
    tournaments: enTournaments,
  },
  ru: {
    common: ruCommon,
    lobby: ruLobby,
    tableForm: ruTableForm,
    auth: ruAuth,
    top: ruTop,
    settings: ruSettings,
    errors: ruErrors,
    board: ruBoard,
    game: ruGame,
    profile: ruProfile,
    rules: ruRules,
    analysis: ruAnalysis,
    analysisBoard: ruAnalysisBoard,
    imports: ruImports,
    tournaments: ruTournaments,
  },
} as const satisfies Record<Language, Record<Namespace, unknown>>;

/**
 * A fresh i18next instance in `lng` with every namespace loaded, ready when this returns. `onMissing` hears of
 * every key asked for that no namespace has (tests use it to catch keys built at run time).
 */
export function createI18n(lng: Language, onMissing?: (key: string, namespaces: readonly string[]) => void): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...i18nOptions(lng),
    ...(onMissing ? { saveMissing: true, missingKeyHandler: (_lngs: readonly string[], ns: string, key: string) => onMissing(key, [ns]) } : {}),
    resources,
    ns: [...NAMESPACES],
    initAsync: false,
  });
  return instance;
}
