import type { Action } from '@nardy/engine';
import type { DiceReport, ThrowCheck } from '@nardy/protocol';
import { diceOf, isClientSeed, isServerSeed, throwAt, verifyDice, type ClientSeeds } from '../game/dice.js';
import type { Json, LoadedGame, Store, StoreError } from '../store/index.js';

/**
 * The dice check of a finished game (RULES G10, docs/dice.md): the revealed server seed against the commitment
 * shown at the start, then every throw of the log recomputed. Used by `GET /api/games/:id/dice`; the CLI's
 * `nardy verify-dice` does the same on its own from `GET /api/games/:id`, with the same `@nardy/protocol` code.
 */

type DiceCheckError =
  | { readonly code: 'NOT_FOUND'; readonly message: string }
  | { readonly code: 'NOT_REVEALED'; readonly message: string }
  | { readonly code: 'STORE'; readonly message: string; readonly store: StoreError };

/** The client seeds as the game stored them (`{p1, p2}`); malformed ones come back as '' (and fail as BAD_SEED). */
function clientSeedsOf(j: Json): ClientSeeds {
  const o = typeof j === 'object' && j !== null && !Array.isArray(j) ? (j as Record<string, Json>) : {};
  const p1 = o['p1'];
  const p2 = o['p2'];
  return { p1: typeof p1 === 'string' ? p1 : '', p2: typeof p2 === 'string' ? p2 : '' };
}

/** Checks a loaded game's dice; NOT_REVEALED while the match goes on (the seed is secret until the end). */
export function checkGameDice(loaded: LoadedGame): { ok: true; value: DiceReport } | { ok: false; error: DiceCheckError } {
  const { game, actions } = loaded;
  if ((game.status !== 'finished' && game.status !== 'aborted') || !game.seedRevealed) {
    return { ok: false, error: { code: 'NOT_REVEALED', message: `game ${game.id} is ${game.status}: its server seed is revealed when the match ends` } };
  }
  const clientSeeds = clientSeedsOf(game.clientSeeds);
  const log: readonly Action[] = actions.map((a) => a.action);
  const verdict = verifyDice({ serverSeed: game.serverSeed, commitment: game.seedCommitment, clientSeeds, actions: log });
  const seedsOk = isServerSeed(game.serverSeed) && isClientSeed(clientSeeds.p1) && isClientSeed(clientSeeds.p2);
  const throws: ThrowCheck[] = [];
  let n = 0;
  for (const entry of actions) {
    const d = diceOf(entry.action);
    if (!d) continue;
    n++;
    const expected = seedsOk ? throwAt(game.serverSeed, clientSeeds, n, d.kind) : null;
    throws.push({
      n,
      seq: entry.seq,
      kind: d.kind,
      dice: d.dice,
      expected,
      ok: expected !== null && expected[0] === d.dice[0] && expected[1] === d.dice[1],
    });
  }
  const problem = verdict.ok
    ? null
    : {
        code: verdict.code,
        message: verdict.message,
        ...(verdict.n !== undefined ? { n: verdict.n } : {}),
        ...(verdict.index !== undefined && actions[verdict.index] ? { seq: actions[verdict.index]!.seq } : {}),
      };
  return {
    ok: true,
    value: {
      gameId: game.id,
      status: game.status,
      ok: verdict.ok,
      serverSeed: game.serverSeed,
      commitment: game.seedCommitment,
      clientSeeds,
      throws,
      problem,
    },
  };
}

/** Loads a game from the store and checks its dice. */
export async function verifyGameDice(store: Store, gameId: string): Promise<{ ok: true; value: DiceReport } | { ok: false; error: DiceCheckError }> {
  const loaded = await store.loadGame(gameId);
  if (!loaded.ok) {
    return loaded.error.code === 'NOT_FOUND'
      ? { ok: false, error: { code: 'NOT_FOUND', message: `no game ${gameId}` } }
      : { ok: false, error: { code: 'STORE', message: loaded.error.message, store: loaded.error } };
  }
  return checkGameDice(loaded.value);
}
