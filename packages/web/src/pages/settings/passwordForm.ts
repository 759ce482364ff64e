/**
 * The change-password form's rules: the current password, and a new one as sign-up asks for it (at least
 * `PASSWORD_MIN` characters, typed the same twice, and not the current one). The server then also refuses one too
 * easy to guess or holding the name; `passwordChangeRefusal` puts its refusals by the field they concern.
 * Problems are translation keys.
 */
import { ServerError } from '../../net/types';
import { PASSWORD_MIN, passwordRefusal } from '../auth/authForm';

export interface PasswordInput {
  readonly current: string;
  readonly password: string;
  readonly confirm: string;
}

export type PasswordProblems = Partial<Record<keyof PasswordInput, string>>;

export function validatePasswordChange(input: PasswordInput): PasswordProblems {
  const problems: { -readonly [K in keyof PasswordProblems]: PasswordProblems[K] } = {};
  if (input.current === '') problems.current = 'auth:invalid.passwordRequired';
  if (input.password === '') problems.password = 'auth:invalid.passwordRequired';
  else if ([...input.password].length < PASSWORD_MIN) problems.password = 'auth:invalid.passwordLength';
  else if (input.password === input.current) problems.password = 'settings:password.same';
  if (!problems.password && input.confirm !== input.password) problems.confirm = 'auth:invalid.confirm';
  return problems;
}

/** The server's refusal by its field (a wrong current password, a weak new one), or null for a general error. */
export function passwordChangeRefusal(e: unknown): PasswordProblems | null {
  if (e instanceof ServerError && e.code === 'WRONG_PASSWORD') return { current: 'errors:WRONG_PASSWORD' };
  const weak = passwordRefusal(e);
  return weak === null ? null : { password: weak };
}
