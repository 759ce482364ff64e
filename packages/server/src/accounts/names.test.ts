import { afterEach, describe, expect, it } from 'vitest';
import { cookieOf, expectError, kit, post, type Kit } from './http-kit.suite.js';

/**
 * Issue 40 item 21: a name cannot pass for another player's or a bot's, nor be made of invisible characters. Names
 * are compared after NFKC, ignoring case, white space runs and the characters that show nothing (zero-width, bidi),
 * by Unicode's confusables skeleton (a Cyrillic 'а' is a Latin 'a').
 */
const PASSWORD = 'plum-orchard-1987-kite';

const rename = (k: Kit, cookie: string, displayName: string) =>
  k.app.inject({ method: 'PATCH', url: '/api/me', payload: { displayName }, headers: { cookie } });

async function signUp(k: Kit, name: string): Promise<string> {
  const r = await post(k.app, '/api/register', { name, password: PASSWORD });
  expect(r.statusCode, r.body).toBe(201);
  return cookieOf(r);
}

describe('names', () => {
  let k: Kit;
  afterEach(async () => {
    await k.server.close();
  });

  it("sign-up: a bot's name is reserved, and a name that looks like another player's display name is taken", async () => {
    k = await kit();
    for (const name of ['Bot', 'bot_7', 'BOT-10', 'бот.5', 'Гость-1']) {
      expectError(await post(k.app, '/api/register', { name, password: PASSWORD }), 409, 'NAME_UNAVAILABLE', /bots/);
    }
    await signUp(k, 'Botvinnik');
    const boris = await signUp(k, 'boris');
    expect((await rename(k, boris, 'Carol')).statusCode).toBe(200);
    // Taken, as a duplicate username is (the sign-up form says so).
    expectError(await post(k.app, '/api/register', { name: 'CAROL', password: PASSWORD }), 409, 'CONFLICT', /taken/);
    expectError(await post(k.app, '/api/register', { name: 'Boris', password: PASSWORD }), 409, 'CONFLICT', /taken/);
    // A Cyrillic 'о' and 'а' in a name like a player's: taken too.
    expectError(await post(k.app, '/api/register', { name: 'b\u043Eris', password: PASSWORD }), 409, 'CONFLICT', /taken/);
    expectError(await post(k.app, '/api/register', { name: 'C\u0430rol', password: PASSWORD }), 409, 'CONFLICT', /taken/);
  });

  it('rename: not like another player, not a bot or a guest, not invisible; bidi controls are dropped', async () => {
    k = await kit();
    const alice = await signUp(k, 'alice');
    const bob = await signUp(k, 'bob');
    // Cross-script look-alikes (Unicode's confusables): Cyrillic 'а', Greek 'Α', a digit one for an 'l'.
    for (const name of ['ＡＬＩＣＥ', 'Al\u200Bice', '\u202Ealice', ' alice ', '\u0430lice', '\u0391LICE', 'a1ice']) {
      expectError(await rename(k, bob, name), 409, 'NAME_UNAVAILABLE', /another player/);
    }
    for (const name of ['Bot level 10', 'Bot 3 (strong)', 'Бот, уровень 3', 'guest 1a2b', 'Гость 77', 'B\u043Et 3', 'Б\u006F\u0442 3', 'G\u0075\u0435st 9']) {
      expectError(await rename(k, bob, name), 409, 'NAME_UNAVAILABLE', /reserved/);
    }
    for (const name of ['\u200B', '\u200D\u2060\uFEFF', '\u202E \u2066']) {
      expectError(await rename(k, bob, name), 400, 'BAD_MESSAGE', /not blank/);
    }
    const renamed = await rename(k, bob, '\u202EBob the Great\u202C');
    expect(renamed.json()).toMatchObject({ user: { displayName: 'Bob the Great' } });
    // One's own name in another case is one's own; a name that only starts like another is another name.
    expect((await rename(k, bob, 'BOB')).statusCode).toBe(200);
    expect((await rename(k, alice, 'Alice K.')).json()).toMatchObject({ user: { displayName: 'Alice K.' } });
    // The display name counts, not only the username: nobody may now take "Bob the Great" or "alice k.".
    expect((await rename(k, bob, 'Bob the Great')).statusCode).toBe(200);
    expectError(await rename(k, alice, 'bob  THE great'), 409, 'NAME_UNAVAILABLE');
    expectError(await rename(k, bob, 'alice k.'), 409, 'NAME_UNAVAILABLE');
  });
});
