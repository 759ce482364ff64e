/**
 * The sign-up and log-in forms' rules, as the server applies them (accounts/validate.ts): a name of 3–24
 * letters, digits, `_ - .` starting with a letter or digit and not with "guest"; a new password of at least
 * 8 characters. Problems come back as translation keys of the `auth` namespace.
 */
import { describeError } from '../../app/notices';
import { ServerError } from '../../net/types';

export type AuthMode = 'login' | 'signup';

export interface AuthInput {
  readonly name: string;
  readonly password: string;
  /** Sign-up only: the password typed again. */
  readonly confirm: string;
}

export type AuthProblems = Partial<Record<keyof AuthInput, string>>;

const NAME_MIN = 3;
const NAME_MAX = 24;
export const PASSWORD_MIN = 8;
const NAME = /^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u;

export function validateAuth(mode: AuthMode, input: AuthInput): AuthProblems {
  const problems: { -readonly [K in keyof AuthProblems]: AuthProblems[K] } = {};
  const name = input.name.trim().normalize('NFKC');
  if (name === '') problems.name = 'auth:invalid.nameRequired';
  else if (mode === 'signup') {
    const len = [...name].length;
    if (len < NAME_MIN || len > NAME_MAX) problems.name = 'auth:invalid.nameLength';
    else if (!NAME.test(name)) problems.name = 'auth:invalid.nameChars';
    else if (/^guest/i.test(name)) problems.name = 'auth:invalid.nameGuest';
  }
  if (input.password === '') problems.password = 'auth:invalid.passwordRequired';
  else if (mode === 'signup' && [...input.password].length < PASSWORD_MIN) problems.password = 'auth:invalid.passwordLength';
  if (mode === 'signup' && !problems.password && input.confirm !== input.password) problems.confirm = 'auth:invalid.confirm';
  return problems;
}

/** A new password the server refused as too easy to guess or holding the name: the key to show by that field. */
export function passwordRefusal(e: unknown): string | null {
  return e instanceof ServerError && (e.code === 'WEAK_PASSWORD' || e.code === 'PASSWORD_HAS_NAME') ? `errors:${e.code}` : null;
}

/** The server's refusal in the form's words: a taken name, a wrong password, too many tries; else by code. */
export function authFailure(mode: AuthMode, e: unknown): { readonly key: string } {
  if (e instanceof ServerError) {
    if (mode === 'signup' && e.code === 'CONFLICT') return { key: 'auth:failed.nameTaken' };
    if (mode === 'login' && e.code === 'UNAUTHORIZED') return { key: 'auth:failed.wrongPassword' };
    if (e.code === 'RATE_LIMITED') return { key: 'auth:failed.rateLimited' };
  }
  return describeError(e);
}
