import { describe, expect, it } from 'vitest';
import { ServerError } from '../../net/types';
import { authFailure, passwordRefusal, validateAuth } from './authForm';

const ok = { name: 'Алиса_1', password: 'secret123', confirm: 'secret123' };

describe('the sign-up and log-in forms', () => {
  it('accept a good sign-up (any script)', () => {
    expect(validateAuth('signup', ok)).toEqual({});
  });

  it('say what is wrong with the name, as the server would', () => {
    expect(validateAuth('signup', { ...ok, name: ' ' }).name).toBe('auth:invalid.nameRequired');
    expect(validateAuth('signup', { ...ok, name: 'ab' }).name).toBe('auth:invalid.nameLength');
    expect(validateAuth('signup', { ...ok, name: 'a'.repeat(25) }).name).toBe('auth:invalid.nameLength');
    expect(validateAuth('signup', { ...ok, name: '_alice' }).name).toBe('auth:invalid.nameChars');
    expect(validateAuth('signup', { ...ok, name: 'al ice' }).name).toBe('auth:invalid.nameChars');
    expect(validateAuth('signup', { ...ok, name: 'Guest42' }).name).toBe('auth:invalid.nameGuest');
  });

  it('ask for a long enough password, typed the same twice', () => {
    expect(validateAuth('signup', { ...ok, password: 'short', confirm: 'short' }).password).toBe('auth:invalid.passwordLength');
    expect(validateAuth('signup', { ...ok, confirm: 'secret124' }).confirm).toBe('auth:invalid.confirm');
    expect(validateAuth('signup', { ...ok, password: '' }).password).toBe('auth:invalid.passwordRequired');
  });

  it('only need a name and a password to log in (old names and passwords still work)', () => {
    expect(validateAuth('login', { name: 'ab', password: 'x', confirm: '' })).toEqual({});
    expect(validateAuth('login', { name: '', password: '', confirm: '' })).toEqual({
      name: 'auth:invalid.nameRequired',
      password: 'auth:invalid.passwordRequired',
    });
  });

  it('explain the server refusals', () => {
    expect(authFailure('signup', new ServerError('CONFLICT', "the name 'a' is taken")).key).toBe('auth:failed.nameTaken');
    expect(authFailure('login', new ServerError('UNAUTHORIZED', 'wrong name or password')).key).toBe('auth:failed.wrongPassword');
    expect(authFailure('login', new ServerError('RATE_LIMITED', 'try again in 60 s'))).toEqual({ key: 'auth:failed.rateLimited' });
    expect(authFailure('login', new ServerError('ACCOUNT_LOCKED', 'try again in 60 s')).key).toBe('errors:ACCOUNT_LOCKED');
    // The server's English words are never shown, only the code's translation.
    expect(authFailure('signup', new ServerError('BAD_MESSAGE', 'name must be 3–24 characters'))).toEqual({ key: 'errors:BAD_MESSAGE' });
  });

  it('show a password the server finds too easy to guess, or holding the name, by the password field', () => {
    expect(passwordRefusal(new ServerError('WEAK_PASSWORD', 'too easy to guess'))).toBe('errors:WEAK_PASSWORD');
    expect(passwordRefusal(new ServerError('PASSWORD_HAS_NAME', 'holds the name'))).toBe('errors:PASSWORD_HAS_NAME');
    expect(passwordRefusal(new ServerError('CONFLICT', 'taken'))).toBeNull();
  });
});
