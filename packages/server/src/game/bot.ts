import type { StepInput } from '@nardy/engine';
import type { Legal } from '@nardy/protocol';
import type { GameView } from './events.js';

/**
 * A bot in a seat. The actor asks it only when its seat must decide, with a time budget; an answer that
 * comes late, never comes, throws, or is illegal is replaced by the fallback (`fallbackDecision`: the first
 * legal turn, roll, take, decline), so a bot never stalls a game.
 */
export interface BotPlayer {
  readonly id: string;
  /** The whole turn to play (own-frame steps; `[]` when nothing can be played). */
  chooseTurn(view: GameView, budgetMs: number): Promise<readonly StepInput[]>;
  /** Before rolling: 'roll' or 'double'. Facing a cube offer: 'take', 'pass' or 'beaver'. */
  cubeDecision(view: GameView, budgetMs: number): Promise<'roll' | 'double' | 'take' | 'pass' | 'beaver'>;
  /** Facing a resign offer (default: decline). */
  resignDecision?(view: GameView, budgetMs: number): Promise<'acceptResign' | 'declineResign'>;
}

/** A bot's decision as the actor applies it. */
export type BotDecision =
  | { readonly type: 'move'; readonly steps: readonly StepInput[] }
  | { readonly type: 'roll' | 'double' | 'take' | 'pass' | 'beaver' | 'acceptResign' | 'declineResign' };

const has = (legal: Legal | null, type: Legal['actions'][number]): boolean => legal?.actions.includes(type) ?? false;

/** The first legal turn of a view's choices as steps to send (`[]` when none can be played, L14). */
export const firstTurn = (legal: Legal | null): readonly StepInput[] => legal?.turns[0]?.map((s) => ({ from: s.from, to: s.to })) ?? [];

/** The decision made for a bot that did not answer in time: first legal turn / roll / take / decline. */
export function fallbackDecision(legal: Legal | null): BotDecision | null {
  if (has(legal, 'move')) return { type: 'move', steps: firstTurn(legal) };
  for (const type of ['roll', 'take', 'declineResign'] as const) if (has(legal, type)) return { type };
  return null;
}

/** Asks the bot what the view calls for (null when it is not the bot's decision). */
export function askBot(bot: BotPlayer, view: GameView, budgetMs: number): Promise<BotDecision> | null {
  const legal = view.legal;
  if (has(legal, 'move')) return bot.chooseTurn(view, budgetMs).then((steps) => ({ type: 'move', steps }));
  if (has(legal, 'roll') || has(legal, 'take')) return bot.cubeDecision(view, budgetMs).then((type) => ({ type }));
  if (has(legal, 'acceptResign')) {
    return bot.resignDecision ? bot.resignDecision(view, budgetMs).then((type) => ({ type })) : Promise.resolve({ type: 'declineResign' });
  }
  return null;
}

/** The trivial test bot: always the first legal turn, rolls without doubling, takes every cube. */
export const firstLegalBot = (id = 'first-legal'): BotPlayer => ({
  id,
  async chooseTurn(view) {
    return firstTurn(view.legal);
  },
  async cubeDecision(view) {
    return view.match.phase === 'cubeOffered' ? 'take' : 'roll';
  },
});

/** A bot that never answers (tests: the game must not stall). */
export const silentBot = (id = 'silent'): BotPlayer => ({
  id,
  chooseTurn: () => new Promise(() => {}),
  cubeDecision: () => new Promise(() => {}),
  resignDecision: () => new Promise(() => {}),
});
