import type { Store } from '../store/index.js';

/** The store as a process sees it that dies before a game's finish (result, chips and ratings: one write) is stored. */
export function dyingStore(store: Store): Store {
  return new Proxy(store, {
    get: (target, prop) => {
      if (prop === 'finishGame') return async () => ({ ok: false, error: { code: 'DB_UNAVAILABLE', message: 'the process died' } });
      const v: unknown = Reflect.get(target, prop);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}
