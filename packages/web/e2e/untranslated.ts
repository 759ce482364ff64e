/**
 * "No missing key", checked on the rendered page: every text node and every label attribute is read, and two
 * things are reported — a raw translation key (i18next shows the key when neither language has it) and a text of
 * the *other* language (i18next falls back to English when Russian lacks a key; a string typed into a component
 * instead of a key shows the same way).
 */
import type { Page } from 'playwright-core';
import { leaves, type Lang } from './texts';

/** What a key looks like when i18next prints it: `ns:path.to.key` or `path.to.key`. */
const RAW_KEY = /^([a-z][\w-]*:)?[a-z][\w-]*(\.[\w-]+)+$/i;

/** The other language's texts that this language says differently (so seeing one means it fell through). */
function foreignTexts(lang: Lang): Set<string> {
  const own = leaves(lang);
  const ownValues = new Set(own.values());
  const other = leaves(lang === 'en' ? 'ru' : 'en');
  const out = new Set<string>();
  for (const [key, value] of other) {
    const v = value.trim();
    if (!/\p{L}{2}/u.test(v) || /\{\{|\$t\(/.test(v) || ownValues.has(value) || own.get(key) === value) continue;
    out.add(v);
  }
  return out;
}

/** The page's texts: text nodes and the attributes people hear or see (aria-label, title, placeholder, alt). */
const pageTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let n: Node | null = walker.currentNode; n; n = walker.nextNode()) {
      if (n.nodeType === Node.TEXT_NODE) {
        const parent = n.parentElement?.tagName;
        if (parent !== 'SCRIPT' && parent !== 'STYLE') out.push(n.textContent ?? '');
      } else {
        const el = n as Element;
        for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
          const v = el.getAttribute(a);
          if (v !== null) out.push(v);
        }
      }
    }
    return out.map((s) => s.trim()).filter((s) => s !== '');
  });

/** The texts on the page that are raw keys or the other language's words; empty when all is translated. */
export async function untranslated(page: Page, lang: Lang): Promise<string[]> {
  const foreign = foreignTexts(lang);
  return (await pageTexts(page)).filter((s) => RAW_KEY.test(s) || foreign.has(s));
}
