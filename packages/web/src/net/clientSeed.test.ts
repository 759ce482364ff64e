import { describe, expect, it } from 'vitest';
import { CLIENT_SEED_KEY, clientSeedFrom, randomClientSeed, withClientSeed } from './clientSeed';

const storage = (value: string | null) => ({ getItem: (k: string) => (k === CLIENT_SEED_KEY ? value : null) });

describe('client seeds (G10)', () => {
  it('are random, URL-safe and what the protocol accepts', () => {
    const a = randomClientSeed();
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomClientSeed()).not.toBe(a);
  });

  it("take the player's own seed when it is valid, else a random one", () => {
    expect(clientSeedFrom(storage('my-seed_1'))).toBe('my-seed_1');
    expect(clientSeedFrom(storage('not valid!'))).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(clientSeedFrom(storage(null))).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(clientSeedFrom(null)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(clientSeedFrom(refusing)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('go with every command that seats the player, and only those', () => {
    const seed = () => 's1';
    expect(withClientSeed({ type: 'seek.accept', seekId: 'x' }, seed)).toEqual({ type: 'seek.accept', seekId: 'x', clientSeed: 's1' });
    expect(withClientSeed({ type: 'bot.play', level: 3, settings: { match: { variant: 'long' }, rated: false, stake: 0 } }, seed)).toMatchObject({
      clientSeed: 's1',
    });
    expect(withClientSeed({ type: 'rematch.accept', gameId: 'g' }, seed)).toMatchObject({ clientSeed: 's1' });
    expect(withClientSeed({ type: 'table.join', token: 't'.repeat(20), clientSeed: 'mine' }, seed)).toMatchObject({ clientSeed: 'mine' });
    expect(withClientSeed({ type: 'lobby.subscribe' }, seed)).toEqual({ type: 'lobby.subscribe' });
    expect(withClientSeed({ type: 'rematch.decline', gameId: 'g' }, seed)).toEqual({ type: 'rematch.decline', gameId: 'g' });
  });
});
