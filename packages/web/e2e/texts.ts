/// <reference types="node" />
/**
 * The app's translations, read from the locale files, so the tests find buttons and check pages by what the player
 * reads in either language, and never by a copy of the text that could drift.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './paths';

export type Lang = 'en' | 'ru';
export const LANGS: readonly Lang[] = ['en', 'ru'];

const LOCALES = join(REPO, 'packages/web/src/i18n/locales');
const PLURALS = ['zero', 'one', 'two', 'few', 'many', 'other'];

type Tree = { readonly [key: string]: unknown };

const cache = new Map<Lang, ReadonlyMap<string, string>>();

/** Every leaf string of a language as `namespace:path.to.key` → text. */
export function leaves(lang: Lang): ReadonlyMap<string, string> {
  const known = cache.get(lang);
  if (known) return known;
  const out = new Map<string, string>();
  const walk = (ns: string, path: string, v: unknown) => {
    if (typeof v === 'string') out.set(`${ns}:${path}`, v);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v as Tree)) walk(ns, path === '' ? k : `${path}.${k}`, x);
  };
  for (const file of readdirSync(join(LOCALES, lang)).filter((f) => f.endsWith('.json'))) {
    walk(file.slice(0, -'.json'.length), '', JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8')));
  }
  cache.set(lang, out);
  return out;
}

/** The templates of a key: itself, or its plural forms (`key_one`, `key_few` …). */
function templates(lang: Lang, key: string): string[] {
  const all = leaves(lang);
  const own = all.get(key);
  if (own !== undefined) return [own];
  const forms = PLURALS.map((p) => all.get(`${key}_${p}`)).filter((s): s is string => s !== undefined);
  if (forms.length === 0) throw new Error(`no translation ${key} in ${lang}`);
  return forms;
}

/** The text of a key with its parameters filled in (no plurals, no nesting: for plain labels). */
export function text(lang: Lang, key: string, params: Readonly<Record<string, string | number>> = {}): string {
  const [template] = templates(lang, key);
  return template!.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern matching the key's text whatever its parameters (any plural form; `{{x}}` and `$t(…)` match anything). */
export function pattern(lang: Lang, key: string): RegExp {
  const alternatives = templates(lang, key).map((t) =>
    t
      .split(/(\{\{[^}]*\}\}|\$t\([^)]*\))/)
      .map((part, i) => (i % 2 === 1 ? '.+?' : escape(part)))
      .join(''),
  );
  return new RegExp(`^\\s*(?:${alternatives.join('|')})\\s*$`);
}
