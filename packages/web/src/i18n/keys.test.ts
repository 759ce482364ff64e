/**
 * The translations are complete: both languages have the same keys in every namespace, no empty text, every
 * key the code names literally exists, and every error code the server may send is translated.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, LANGUAGES } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { NAMESPACES, type Namespace } from './index';
import { resources } from './resources';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The plural forms each language needs (CLDR): a key with a count must have all of them. */
const PLURAL_FORMS = { en: ['one', 'other'], ru: ['one', 'few', 'many', 'other'] } as const;

type Tree = Readonly<Record<string, unknown>>;
const isTree = (x: unknown): x is Tree => typeof x === 'object' && x !== null;

/** Every leaf path of a namespace (arrays by index), plural suffixes folded into the base key. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix === '' ? k : `${prefix}.${k}`;
    if (isTree(v)) for (const [p, x] of leaves(v, path)) out.set(p, x);
    else out.set(path.replace(PLURAL, ''), v);
  }
  return out;
}

/** Plural bases and the forms present: `{ 'live.spectators': ['one', 'other'] }`. */
function plurals(tree: Tree, prefix = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix === '' ? k : `${prefix}.${k}`;
    if (isTree(v)) for (const [p, x] of plurals(v, path)) out.set(p, x);
    const m = PLURAL.exec(path);
    if (m && !isTree(v)) {
      const base = path.replace(PLURAL, '');
      out.set(base, [...(out.get(base) ?? []), m[1]!].sort());
    }
  }
  return out;
}

const bundle = (lng: (typeof LANGUAGES)[number], ns: Namespace): Tree => resources[lng][ns] as Tree;

describe('locale files', () => {
  for (const ns of NAMESPACES) {
    it(`${ns}: English and Russian have the same keys`, () => {
      const en = [...leaves(bundle('en', ns)).keys()].sort();
      const ru = [...leaves(bundle('ru', ns)).keys()].sort();
      expect(ru).toEqual(en);
    });

    it(`${ns}: no empty texts, and every plural has each form its language needs`, () => {
      for (const lng of LANGUAGES) {
        for (const [path, v] of leaves(bundle(lng, ns))) {
          if (typeof v === 'string') expect(v.trim(), `${lng}/${ns}: ${path}`).not.toBe('');
        }
        for (const [base, forms] of plurals(bundle(lng, ns))) {
          expect(forms, `${lng}/${ns}: ${base}`).toEqual([...PLURAL_FORMS[lng]].sort());
        }
      }
    });
  }

  it('translate every error code the server may send, and a lost connection', () => {
    for (const lng of LANGUAGES) {
      const errors = bundle(lng, 'errors');
      for (const code of [...ERROR_CODES, 'DISCONNECTED']) expect(errors[code], `${lng}: ${code}`).toEqual(expect.any(String));
    }
  });
});

// ------------------------------------------------------------------ keys named in the code

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.(test|suite)\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const isNamespace = (s: string): s is Namespace => (NAMESPACES as readonly string[]).includes(s);

/** Pages whose folder is not their namespace's name. */
const FOLDER_NAMESPACE: Readonly<Record<string, Namespace>> = { replay: 'profile', 'analysis-board': 'analysisBoard' };

/**
 * The namespaces a file's bare keys may come from: those it names (`useTranslation('ns')`, `useTranslation([…])`,
 * any `…Translat…('ns')` helper, `getFixedT(lng, 'ns')`, `{ ns: 'ns' }`), its folder's own, and `common` (the
 * fallback namespace).
 */
function fileNamespaces(file: string, text: string): Set<Namespace> {
  const found = new Set<Namespace>(['common']);
  const add = (s: string | undefined) => {
    if (s !== undefined && isNamespace(s)) found.add(s);
  };
  for (const m of text.matchAll(/\b\w*(?:[Tt]ranslat\w*|getFixedT)\(\s*(?:[^,()'"]*,\s*)?(['"])([\w-]+)\1/g)) add(m[2]);
  for (const m of text.matchAll(/\b\w*[Tt]ranslat\w*\(\s*\[([^\]]*)\]/g)) for (const q of m[1]!.matchAll(/['"]([\w-]+)['"]/g)) add(q[1]);
  for (const m of text.matchAll(/\bns:\s*(['"])([\w-]+)\1/g)) add(m[2]);
  const parts = relative(SRC, file).split(sep);
  const folder = parts[0] === 'pages' ? parts[1] : parts[0];
  if (folder !== undefined) add(FOLDER_NAMESPACE[folder] ?? folder);
  return found;
}

/** The code without its comments (which may mention keys as examples). */
const uncommented = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"\\])\/\/.*$/gm, '$1');

/** Literal keys in `t('…')`, `i18n.t('…')`, `i18next.t('…')` and `i18nKey="…"` (comments aside). */
function literalKeys(source: string): string[] {
  const text = uncommented(source);
  const keys: string[] = [];
  for (const m of text.matchAll(/(?:(?<![\w$.])|\b(?:i18n|i18next)\.)t\(\s*(['"])((?:(?!\1)[^\\\n])+)\1/g)) keys.push(m[2]!);
  for (const m of text.matchAll(/\bi18nKey=(['"])([^'"]+)\1/g)) keys.push(m[2]!);
  return keys;
}

/** Whether `key` names a text (or a plural, or an object read with `returnObjects`) in `tree`. */
function has(tree: Tree, key: string): boolean {
  const parts = key.split('.');
  let node: unknown = tree;
  for (const [i, p] of parts.entries()) {
    if (!isTree(node)) return false;
    const here: Tree = node;
    if (i === parts.length - 1 && !(p in here)) return PLURAL_FORMS.en.some((f) => `${p}_${f}` in here);
    node = here[p];
  }
  return node !== undefined;
}

function resolves(key: string, namespaces: ReadonlySet<Namespace>): boolean {
  const colon = key.indexOf(':');
  const explicit = colon > 0 ? key.slice(0, colon) : null;
  const [spaces, path] = explicit !== null && isNamespace(explicit) ? [[explicit], key.slice(colon + 1)] : [[...namespaces], key];
  return LANGUAGES.every((lng) => spaces.some((ns) => has(bundle(lng, ns), path)));
}

describe('keys named in the code', () => {
  it('finds keys and namespaces the ways the code writes them', () => {
    const text = `const { t } = useTranslation(['lobby', 'game']); t('seek.title'); i18n.t("errors:CONFLICT"); x.set('no'); <Trans i18nKey="a.b" />; useTranslate('board');
      /* t('in.a.block') */ const url = 'http://x'; t('after.url'); // t('in.a.comment')`;
    expect(literalKeys(text)).toEqual(['seek.title', 'errors:CONFLICT', 'after.url', 'a.b']);
    expect([...fileNamespaces(join(SRC, 'app', 'x.tsx'), text)].sort()).toEqual(['board', 'common', 'game', 'lobby']);
    expect([...fileNamespaces(join(SRC, 'pages', 'replay', 'x.tsx'), '')].sort()).toEqual(['common', 'profile']);
  });

  it('exist in both languages', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      const namespaces = fileNamespaces(file, text);
      for (const key of literalKeys(text)) {
        checked++;
        if (!resolves(key, namespaces)) missing.push(`${relative(SRC, file)}: '${key}' (looked in ${[...namespaces].join(', ')})`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  it('exist in both languages when written out with their namespace anywhere (notices, form problems)', () => {
    const pattern = new RegExp(`(['"\`])((?:${NAMESPACES.join('|')}):[A-Za-z0-9_.]+)\\1`, 'g');
    const missing: string[] = [];
    let checked = 0;
    for (const file of sourceFiles(SRC)) {
      for (const m of uncommented(readFileSync(file, 'utf8')).matchAll(pattern)) {
        checked++;
        if (!resolves(m[2]!, new Set())) missing.push(`${relative(SRC, file)}: '${m[2]}'`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});
