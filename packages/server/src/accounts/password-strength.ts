import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { checked, httpError, refused, type Checked } from './http.js';

/**
 * How guessable a new password is, by zxcvbn-ts with its common-passwords dictionary (kept and well tested, where a
 * bundled list would only catch exact matches): a score of 0–4, where 2 means about a million guesses or more.
 */
const MIN_PASSWORD_SCORE = 2;
/** Names this long or longer may not appear anywhere in the password; shorter ones only may not be all of it. */
const NAME_INSIDE_MIN = 4;

let estimator: ZxcvbnFactory | null = null;

const fold = (s: string): string => s.normalize('NFKC').toLowerCase();

/** A new password (length already checked) that is not the name, does not hold it, and is not too easy to guess. */
export function checkPasswordStrength(password: string, name: string): Checked<string> {
  const [p, n] = [fold(password), fold(name)];
  if (p === n || (n.length >= NAME_INSIDE_MIN && p.includes(n))) {
    return refused(httpError(400, 'PASSWORD_HAS_NAME', 'the password must not contain your name'));
  }
  // Built on first use: the dictionaries take a moment to load.
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const r = estimator.check(password, [name]);
  if (r.score < MIN_PASSWORD_SCORE) {
    return refused(httpError(400, 'WEAK_PASSWORD', 'the password is too easy to guess (a common password or a simple pattern); choose a longer one'));
  }
  return checked(password);
}
