import { afterEach, describe, expect, it } from 'vitest';
import { expectError, kit, post, type Kit } from './http-kit.suite.js';

/** The log-in limits per account (docs/security.md, "Log-in and passwords") and the strength rule for new passwords. */

let k: Kit;
afterEach(async () => {
  await k.server.close();
});

const login = (name: string, password: string, ip: string) => post(k.app, '/api/login', { name, password }, undefined, ip);
let nextIp = 0;
/** A fresh address each time, so only the account's own limit applies. */
const fresh = (): string => `10.9.${Math.floor(++nextIp / 250)}.${nextIp % 250}`;

describe('log-in limits per account', () => {
  it('50 guesses from 10 addresses: after 5 failures the account is locked for all; the wait doubles up to 15 min', async () => {
    k = await kit();
    expect((await post(k.app, '/api/register', { name: 'Mira', password: 'board-game-42' })).statusCode).toBe(201);
    const codes: string[] = [];
    for (let i = 0; i < 50; i++) {
      const r = await login('Mira', `guess-${i}`, `10.1.0.${i % 10}`);
      codes.push(r.statusCode === 401 ? '401' : (r.json() as { error: { code: string } }).error.code);
    }
    expect(codes).toEqual([...Array<string>(5).fill('401'), ...Array<string>(45).fill('ACCOUNT_LOCKED')]);
    // The owner, from an address never used, waits too (the lock does not tell a right password from a wrong one).
    expectError(await login('Mira', 'board-game-42', fresh()), 429, 'ACCOUNT_LOCKED', /try again in 60 s/);
    for (const [wait, next] of [
      [60, 120],
      [120, 240],
      [240, 480],
      [480, 900],
      [900, 900],
    ] as const) {
      k.clock.advance(wait * 1000);
      expectError(await login('Mira', 'wrong-again', fresh()), 401, 'UNAUTHORIZED');
      expectError(await login('Mira', 'board-game-42', fresh()), 429, 'ACCOUNT_LOCKED', new RegExp(`try again in ${next} s`));
    }
    k.clock.advance(900_000);
    expect((await login('Mira', 'board-game-42', fresh())).statusCode).toBe(200);
    // The success forgot the failures: four more are free again.
    for (let i = 0; i < 4; i++) expectError(await login('Mira', `guess-${i}`, fresh()), 401, 'UNAUTHORIZED');
    expect((await login('Mira', 'board-game-42', fresh())).statusCode).toBe(200);
  });

  it('never locks the owner out for good: an address that signed in before passes, and failures are forgotten after an hour', async () => {
    k = await kit();
    expect((await post(k.app, '/api/register', { name: 'Mira', password: 'board-game-42' })).statusCode).toBe(201);
    const home = '192.168.7.7';
    expect((await login('Mira', 'board-game-42', home)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expectError(await login('Mira', `guess-${i}`, fresh()), 401, 'UNAUTHORIZED');
    expectError(await login('Mira', 'board-game-42', fresh()), 429, 'ACCOUNT_LOCKED');
    expect((await login('Mira', 'board-game-42', home)).statusCode).toBe(200);

    for (let i = 0; i < 5; i++) expectError(await login('Mira', `guess-${i}`, fresh()), 401, 'UNAUTHORIZED');
    k.clock.advance(60 * 60_000);
    // An hour without a failure: this one is the first again, so no lock follows it.
    expectError(await login('Mira', 'guess-again', fresh()), 401, 'UNAUTHORIZED');
    expect((await login('Mira', 'board-game-42', fresh())).statusCode).toBe(200);
  });

  it('unknown names are locked the same way, so the lock tells nothing about which names exist', async () => {
    k = await kit();
    for (let i = 0; i < 5; i++) expectError(await login('Nobody', `guess-${i}`, fresh()), 401, 'UNAUTHORIZED');
    expectError(await login('nobody', 'guess-5', fresh()), 429, 'ACCOUNT_LOCKED');
  });
});

describe('new passwords', () => {
  it('sign-up refuses the commonest passwords and ones that are, or hold, the name; says which', async () => {
    k = await kit();
    const register = (name: string, password: string) => post(k.app, '/api/register', { name, password }, undefined, fresh());
    for (const weak of ['password', '12345678', 'qwertyuiop', 'iloveyou', 'password1', 'sunflower']) {
      expectError(await register('Sasha', weak), 400, 'WEAK_PASSWORD', /too easy to guess/);
    }
    expectError(await register('Sasha2000', 'sasha2000'), 400, 'PASSWORD_HAS_NAME', /name/);
    expectError(await register('Mikhail', 'MIKHAIL-the-great-7'), 400, 'PASSWORD_HAS_NAME');
    expectError(await register('Мария', 'мария-мария'), 400, 'PASSWORD_HAS_NAME');
    expect((await register('Sasha', 'correct horse 42')).statusCode).toBe(201);
    // A short name inside a longer password is fine; only the whole password may not be it.
    expect((await register('Ann', 'planning-ahead-9')).statusCode).toBe(201);
  });
});
