/**
 * The player's own settings, kept in this browser (localStorage `nardy.settings`): they shape how the board
 * behaves and are handed to it as `BoardSettings`. Bad or missing values fall back to the defaults one by one.
 */
import { useSyncExternalStore } from 'react';
import type { BoardSettings } from '../board/types';

export const SETTINGS_KEY = 'nardy.settings';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Defaults: no automatic play or confirm (G2 leaves both to the player), motion as the system prefers. */
const defaultSettings = (prefersReducedMotion: boolean): BoardSettings => ({
  autoPlayForced: false,
  autoConfirm: false,
  reducedMotion: prefersReducedMotion,
});

const FIELDS = ['autoPlayForced', 'autoConfirm', 'reducedMotion'] as const satisfies readonly (keyof BoardSettings)[];

/** The stored settings over the defaults (anything unreadable is ignored). */
export function parseSettings(raw: string | null, prefersReducedMotion: boolean): BoardSettings {
  const s: Mutable<BoardSettings> = defaultSettings(prefersReducedMotion);
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
  readonly get: () => BoardSettings;
  readonly set: (patch: Partial<BoardSettings>) => void;
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

export const useSettings = (store: SettingsStore): BoardSettings => useSyncExternalStore(store.subscribe, store.get, store.get);
