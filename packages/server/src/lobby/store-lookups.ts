import { VARIANT_IDS } from '@nardy/engine';
import type { VariantRating } from '@nardy/protocol';
import { isProvisional, NEW_PLAYER } from '../games/rating.js';
import type { Store } from '../store/types.js';

/** What the lobby reads from the store: ratings to show and the accounts a challenge may name. */
export function lobbyLookups(store: Store): {
  ratings: (userId: string) => Promise<readonly VariantRating[]>;
  findUser: (idOrName: string) => Promise<string | null>;
} {
  return {
    // The variants' reads go out together (on PostgreSQL each is a round trip).
    ratings: (userId) =>
      Promise.all(
        VARIANT_IDS.map(async (variant): Promise<VariantRating> => {
          const r = await store.getRating(userId, variant);
          // No rated game yet in this variant: the rating a first game would start from.
          const { rating, games, experience } = r.ok ? r.value : { ...NEW_PLAYER, games: 0 };
          return { variant, rating: Math.round(rating), games, ...(isProvisional(experience) ? { provisional: true as const } : {}) };
        }),
      ),
    findUser: async (idOrName) => {
      const byId = await store.findUserById(idOrName);
      if (byId.ok) return byId.value.id;
      const byName = await store.findUserByName(idOrName);
      if (byName.ok) return byName.value.id;
      // A display name (folded as names are compared): only when it names one user.
      const alike = await store.findUsersNamedLike(idOrName);
      return alike.ok && alike.value.length === 1 ? alike.value[0]! : null;
    },
  };
}

/**
 * Whom each user blocked, as the lobby asks it (challenges, seeks, pools: both ways). Kept per user once read, and
 * read ahead when he connects: the lobby is one queue (for the whole cluster), and a database round trip per check
 * inside it held every accept behind it. A change is told by `forget` (chat's `blocksChanged`, and in a cluster the
 * cast of another instance's); the oldest entries go past `max` users.
 */
export function blockLookups(
  store: Store,
  max = 50_000,
): {
  isBlocked: (a: string, b: string) => Promise<boolean>;
  readAhead: (userId: string) => void;
  forget: (userId: string) => void;
} {
  const cache = new Map<string, Promise<ReadonlySet<string> | null>>();
  const of = (userId: string): Promise<ReadonlySet<string> | null> => {
    let p = cache.get(userId);
    if (!p) {
      p = store.listBlocks(userId).then((r) => {
        // A failed read is not kept: the next check reads again.
        if (!r.ok) cache.delete(userId);
        return r.ok ? new Set(r.value) : null;
      });
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
      cache.set(userId, p);
    }
    return p;
  };
  return {
    isBlocked: async (a, b) => (await of(a))?.has(b) ?? false,
    readAhead: (userId) => void of(userId),
    forget: (userId) => void cache.delete(userId),
  };
}
