import { describe, expect, it } from 'vitest';
import { SETTINGS_KEY, createSettingsStore, parseSettings } from './settings';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('player settings', () => {
  it('default to no auto-play, no auto-confirm, the system motion preference, sounds on and no notifications', () => {
    expect(parseSettings(null, false)).toEqual({ autoPlayForced: false, autoConfirm: false, reducedMotion: false, sounds: true, notifications: false });
    expect(parseSettings(null, true).reducedMotion).toBe(true);
  });

  it('read what was stored, field by field, ignoring junk', () => {
    expect(parseSettings('{"autoPlayForced":true,"reducedMotion":false}', true)).toEqual({
      autoPlayForced: true,
      autoConfirm: false,
      reducedMotion: false,
      sounds: true,
      notifications: false,
    });
    expect(parseSettings('{"autoConfirm":"yes","x":1}', false)).toEqual({
      autoPlayForced: false,
      autoConfirm: false,
      reducedMotion: false,
      sounds: true,
      notifications: false,
    });
    expect(parseSettings('not json', true)).toEqual({ autoPlayForced: false, autoConfirm: false, reducedMotion: true, sounds: true, notifications: false });
    expect(parseSettings('[true]', false).autoPlayForced).toBe(false);
    expect(parseSettings('{"sounds":false,"notifications":true}', false)).toMatchObject({ sounds: false, notifications: true });
  });

  it('are saved on every change and survive a reload', () => {
    const storage = memoryStorage();
    const store = createSettingsStore(storage, false);
    let told = 0;
    store.subscribe(() => told++);
    store.set({ autoConfirm: true });
    expect(store.get().autoConfirm).toBe(true);
    expect(told).toBe(1);
    expect(JSON.parse(storage.data.get(SETTINGS_KEY)!)).toEqual({
      autoPlayForced: false,
      autoConfirm: true,
      reducedMotion: false,
      sounds: true,
      notifications: false,
    });
    expect(createSettingsStore(storage, true).get()).toEqual({
      autoPlayForced: false,
      autoConfirm: true,
      reducedMotion: false,
      sounds: true,
      notifications: false,
    });
  });

  it('still work when storage refuses', () => {
    const store = createSettingsStore(
      {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('denied');
        },
      },
      true,
    );
    store.set({ autoPlayForced: true });
    expect(store.get()).toEqual({ autoPlayForced: true, autoConfirm: false, reducedMotion: true, sounds: true, notifications: false });
  });
});
