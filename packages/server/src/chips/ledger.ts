import type { TableSettings } from '@nardy/protocol';
import type { ChipBalance, ChipEntry, Store, StoreResult } from '../store/types.js';
import { holdFor } from './stakes.js';

/** The starting grant of a new chips account (`CHIPS_GRANT`). */
export const DEFAULT_CHIPS_GRANT = 1000;

/**
 * The chips ledger as the lobby and the REST routes use it (G9). The books themselves are the Store's
 * (`chip_accounts`, `chip_entries`): holds are placed when a game is created and settled when it is finished,
 * each in that write's transaction (games/manager.ts).
 *
 * Who plays for chips: registered users. Each has a chips account, opened with `grant` chips the first time it
 * is looked at. Guests have none (a guest identity is made in one click, so a grant per guest would be free chips
 * for the asking), and bots have none: a table with a stake is for two registered people.
 */
export class ChipsLedger {
  constructor(
    private readonly store: Store,
    /** Chips a new account starts with. */
    readonly grant: number,
    private readonly now: () => number,
  ) {}

  /** The user's balance (his account opened with the grant the first time). */
  balance(userId: string): Promise<StoreResult<ChipBalance>> {
    return this.store.openChips(userId, this.grant, this.now());
  }

  /** His latest ledger rows, newest first. */
  entries(userId: string, limit: number): Promise<StoreResult<readonly ChipEntry[]>> {
    return this.store.listChipEntries(userId, limit);
  }

  /** The lobby's check before a seek, challenge or table is offered or taken: are the hold's chips free now? */
  async canStake(userId: string, settings: TableSettings): Promise<boolean> {
    const b = await this.balance(userId);
    return b.ok && b.value.free >= holdFor(settings);
  }
}
