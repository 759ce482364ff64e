/**
 * The player's share of the dice (RULES G10, docs/dice.md): every command that seats him at a table carries a
 * client seed that the server mixes with its own secret seed, committed to before. Without one the server would
 * choose both. A fresh random seed per table, unless the player fixed his own (`nardy.clientSeed` in
 * localStorage, 1–64 characters of A–Z a–z 0–9 _ -), e.g. to check the throws of his games by hand, or so a
 * browser test replays the same dice.
 */
import type { Command } from './types';

export const CLIENT_SEED_KEY = 'nardy.clientSeed';

const SEEDED: ReadonlySet<string> = new Set([
  'seek.create',
  'seek.accept',
  'quickPair.join',
  'challenge.send',
  'challenge.accept',
  'table.create',
  'table.join',
  'bot.play',
  'rematch.offer',
  'rematch.accept',
]);

const VALID = /^[A-Za-z0-9_-]{1,64}$/;

/** 16 random bytes as base64url (22 characters). */
export function randomClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The seed for the next table: the player's own when he set a valid one, else a fresh random one. */
export function clientSeedFrom(storage: Pick<Storage, 'getItem'> | null): string {
  let own: string | null = null;
  try {
    own = storage?.getItem(CLIENT_SEED_KEY) ?? null;
  } catch {
    // Storage refused (privacy mode): a random seed.
  }
  return own !== null && VALID.test(own) ? own : randomClientSeed();
}

/**
 * A quick pairing, a bot game and a rematch offer have no seek, challenge or table that showed a dice commitment:
 * the connection asks `dice.commit` first and names the commitment with the seed (protocol "Dice commitment first").
 */
const COMMITTED_FIRST: ReadonlySet<string> = new Set(['quickPair.join', 'bot.play', 'rematch.offer']);

/** Whether `command` should first get a dice commitment (it needs one and names none). */
export function needsCommitment(command: Command): boolean {
  return COMMITTED_FIRST.has(command.type) && !('commitment' in command && command.commitment !== undefined);
}

/** `command` with a client seed when it seats the player and has none yet. */
export function withClientSeed(command: Command, seed: () => string): Command {
  if (!SEEDED.has(command.type) || ('clientSeed' in command && command.clientSeed !== undefined)) return command;
  return { ...command, clientSeed: seed() } as Command;
}
