import type { ClientToServer } from '@nardy/protocol';
import type { ClientLink, CommandModule, Reply } from '../contracts.js';
import { commitment, newServerSeed } from './dice.js';

/**
 * Dice commitments given before the client seed (RULES G10) where no seek, challenge or table showed one: quick
 * pairing, bot games, rematches. `dice.commit` makes a server seed and answers its commitment; the seed is held
 * for that connection until a command names the commitment (`take`) or the connection closes. A connection holds
 * at most `MAX_HELD` (the oldest goes), so asking again and again costs nothing.
 */
const MAX_HELD = 4;

export class DiceCommitments implements CommandModule {
  readonly types = ['dice.commit'] as const;
  /** Server seeds by commitment, per link id, oldest first. */
  private readonly held = new Map<string, Map<string, string>>();

  /** `newSeed`: a server's fresh seed (a test server's fixed one). */
  constructor(private readonly newSeed: () => string = newServerSeed) {}

  handle(link: ClientLink, msg: ClientToServer): Promise<Reply> {
    if (msg.type !== 'dice.commit') return Promise.resolve({ ok: false, error: { code: 'UNKNOWN_TYPE', message: `not '${msg.type}'` } });
    return Promise.resolve({ ok: true, value: { kind: 'commitment', commitment: this.give(link.id) } });
  }

  /** A fresh server seed held for this link; its commitment (also a quick pairing's when nobody waits). */
  give(linkId: string): string {
    const seed = this.newSeed();
    const c = commitment(seed);
    this.put(linkId, c, seed);
    return c;
  }

  /** The server seed behind a commitment this link was given, now used up; null when it holds no such one. */
  take(linkId: string, c: string): string | null {
    const mine = this.held.get(linkId);
    const seed = mine?.get(c) ?? null;
    if (seed !== null) mine!.delete(c);
    return seed;
  }

  /** The server seed behind a commitment this link was given, left held (it travels with a forwarded command, issue 43). */
  peek(linkId: string, c: string): string | null {
    return this.held.get(linkId)?.get(c) ?? null;
  }

  /** Holds a seed given on another instance for this link (its stand-in here), so a command here can `take` it. */
  put(linkId: string, c: string, seed: string): void {
    let mine = this.held.get(linkId);
    if (!mine) this.held.set(linkId, (mine = new Map()));
    mine.delete(c);
    mine.set(c, seed);
    if (mine.size > MAX_HELD) mine.delete(mine.keys().next().value!);
  }

  disconnected(link: ClientLink): void {
    this.held.delete(link.id);
  }
}
