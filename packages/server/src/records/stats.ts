import { VARIANT_IDS } from '@nardy/engine';
import type { VariantStats } from '@nardy/protocol';
import { isProvisional } from '../games/rating.js';
import type { Store } from '../store/types.js';

/** A player's rated record in each variant he has played rated games in (ratings rounded as shown; provisional under 400 points). */
export async function variantStats(store: Store, userId: string): Promise<VariantStats[]> {
  const out: VariantStats[] = [];
  for (const variant of VARIANT_IDS) {
    const r = await store.getRating(userId, variant);
    if (!r.ok || r.value.games === 0) continue;
    const { rating, games, wins, losses, draws, experience } = r.value;
    out.push({ variant, rating: Math.round(rating), games, wins, losses, draws, experience, provisional: isProvisional(experience) });
  }
  return out;
}
