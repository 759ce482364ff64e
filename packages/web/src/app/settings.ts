/**
 * The player's own settings, kept in this browser (localStorage `nardy.settings`): how the board behaves (handed
 * to it as `BoardSettings`) and how the game room signals (sounds, notifications). Bad or missing values fall back
 * to the defaults one by one.
 */
import { useSyncExternalStore } from 'react';
import type { BoardSettings } from '../board/types';

export const SETTINGS_KEY = 'nardy.settings';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export interface PlayerSettings extends BoardSettings {
  /** The game room's sounds (off = muted). */
  readonly sounds: boolean;
  /** A notification on his turn or a double while the tab is hidden (the browser's permission is asked when set). */
  readonly notifications: boolean;
}

/**
 * Defaults: no automatic play or confirm (G2 leaves both to the player), motion as the system prefers, sounds
 * on, no notifications (the browser must be asked first).
 */
const defaultSettings = (prefersReducedMotion: boolean): PlayerSettings => ({
  autoPlayForced: false,
  autoConfirm: false,
  reducedMotion: prefersReducedMotion,
  sounds: true,
  notifications: false,
});

const FIELDS = ['autoPlayForced', 'autoConfirm', 'reducedMotion', 'sounds', 'notifications'] as const satisfies readonly (keyof PlayerSettings)[];

/** The stored settings over the defaults (anything unreadable is ignored). */
export function parseSettings(raw: string | null, prefersReducedMotion: boolean): PlayerSettings {
  const s: Mutable<PlayerSettings> = defaultSettings(prefersReducedMotion);
  let stored: unknown = null;
  try {
    stored = raw === null ? null : JSON.parse(raw);
  } catch {
    stored = null;
  }
  if (typeof stored === 'object' && stored !== null) {
    for (const f of FIELDS) {
      const v = (stored as Record<string, unknown>)[f];
      if (typeof v === 'boolean') s[f] = v;
    }
  }
  return s;
}

export interface SettingsStore {
  readonly get: () => PlayerSettings;
  readonly set: (patch: Partial<PlayerSettings>) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createSettingsStore(storage: Pick<Storage, 'getItem' | 'setItem'> | null, prefersReducedMotion: boolean): SettingsStore {
  const read = (): string | null => {
    try {
      return storage?.getItem(SETTINGS_KEY) ?? null;
    } catch {
      return null;
    }
  };
  let current = parseSettings(read(), prefersReducedMotion);
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (patch) => {
      current = { ...current, ...patch };
      try {
        storage?.setItem(SETTINGS_KEY, JSON.stringify(current));
      } catch {
        // storage full or refused: the settings last this visit
      }
      for (const l of [...listeners]) l();
    },
    subscribe: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
}

export const useSettings = (store: SettingsStore): PlayerSettings => useSyncExternalStore(store.subscribe, store.get, store.get);
