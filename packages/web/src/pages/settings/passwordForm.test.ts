import { describe, expect, it } from 'vitest';
import { ServerError } from '../../net/types';
import { passwordChangeRefusal, validatePasswordChange } from './passwordForm';

const ok = { current: 'old horse 1', password: 'new horse battery', confirm: 'new horse battery' };

describe('the change-password form', () => {
  it('accepts a current password and a new one typed the same twice', () => {
    expect(validatePasswordChange(ok)).toEqual({});
  });

  it('says what is missing or wrong, field by field', () => {
    expect(validatePasswordChange({ current: '', password: '', confirm: '' })).toEqual({
      current: 'auth:invalid.passwordRequired',
      password: 'auth:invalid.passwordRequired',
    });
    expect(validatePasswordChange({ ...ok, password: 'short', confirm: 'short' }).password).toBe('auth:invalid.passwordLength');
    expect(validatePasswordChange({ ...ok, password: ok.current, confirm: ok.current }).password).toBe('settings:password.same');
    expect(validatePasswordChange({ ...ok, confirm: 'new horse batterY' })).toEqual({ confirm: 'auth:invalid.confirm' });
  });

  it("puts the server's refusals by their field, and leaves others to the general error", () => {
    expect(passwordChangeRefusal(new ServerError('WRONG_PASSWORD', 'the current password is wrong'))).toEqual({ current: 'errors:WRONG_PASSWORD' });
    expect(passwordChangeRefusal(new ServerError('WEAK_PASSWORD', 'too easy'))).toEqual({ password: 'errors:WEAK_PASSWORD' });
    expect(passwordChangeRefusal(new ServerError('PASSWORD_HAS_NAME', 'name'))).toEqual({ password: 'errors:PASSWORD_HAS_NAME' });
    expect(passwordChangeRefusal(new ServerError('ACCOUNT_LOCKED', 'wait'))).toBeNull();
    expect(passwordChangeRefusal(new Error('offline'))).toBeNull();
  });
});
