/**
 * A sentence to translate: a key of the `game` namespace and its parameters, which may themselves be phrases
 * (a number of points with its plural form inside a longer sentence). Selectors return phrases so they stay
 * pure and testable; components say them with their `t`.
 */
export interface Phrase {
  readonly key: string;
  readonly params?: { readonly [name: string]: string | number | Phrase };
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function say(t: Translate, phrase: Phrase): string {
  if (!phrase.params) return t(phrase.key);
  const options: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(phrase.params)) options[name] = typeof value === 'object' ? say(t, value) : value;
  return t(phrase.key, options);
}

/** `n` points, in the plural form the language wants (1 очко, 2 очка, 5 очков). */
export const points = (n: number): Phrase => ({ key: 'points', params: { count: n } });
