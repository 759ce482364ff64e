import type { Seat } from '@nardy/engine';
import type { Fence } from '../cluster/leases.js';
import type { ActionLog, AppendResult, ClockRecord, LogEntry } from '../game/log.js';
import type { Json, Store, StoreError } from '../store/types.js';

/** A store refusal as the actor's: CONFLICT is SEQ_CONFLICT, FENCED stays FENCED, the rest STORE_FAILED. */
const refusal = (e: StoreError): AppendResult => ({
  ok: false,
  code: e.code === 'CONFLICT' ? 'SEQ_CONFLICT' : e.code === 'FENCED' ? 'FENCED' : 'STORE_FAILED',
  message: `${e.code}: ${e.message}`,
});

/**
 * The actor's `ActionLog` on the Store: `append` is `store.appendAction` (one transaction, durable when it
 * resolves ok); who acted and the clock after the action travel in the entry's `meta`. Store codes map to the
 * actor's: CONFLICT (a taken seq, a finished game) is SEQ_CONFLICT; FENCED (issue 43: another instance took the game
 * over) stays FENCED; anything else STORE_FAILED (nothing written). `abort` ends the game row as `aborted`
 * (`store.finishGame`, which releases its chip holds in the same transaction). With `fence` (a cluster's game), every
 * append and the abort name the game's lease as it is at the call (null: none).
 */
export class StoreActionLog implements ActionLog {
  constructor(
    private readonly store: Store,
    private readonly fence: () => Fence | null = () => null,
  ) {}

  async append(gameId: string, seq: number, entry: LogEntry): Promise<AppendResult> {
    const seat: Seat | null = entry.action.type === 'opening' ? null : entry.action.seat;
    const meta = { by: entry.by, clock: entry.clock } as unknown as Json;
    const fence = this.fence() ?? undefined;
    const r = await this.store.appendAction(gameId, seq, { action: entry.action, seat, timeUsedMs: entry.usedMs, createdAt: entry.at, meta }, fence);
    return r.ok ? { ok: true } : refusal(r.error);
  }

  async abort(gameId: string, at: number): Promise<AppendResult> {
    const fence = this.fence() ?? undefined;
    const r = await this.store.finishGame(gameId, { status: 'aborted', result: { end: { winner: null, reason: 'aborted' } }, finishedAt: at }, fence);
    return r.ok ? { ok: true } : refusal(r.error);
  }

  async load(gameId: string): Promise<readonly LogEntry[]> {
    const r = await this.store.loadGame(gameId);
    if (!r.ok) {
      if (r.error.code === 'NOT_FOUND') return [];
      throw new Error(`cannot load the log of ${gameId}: ${r.error.code} ${r.error.message}`);
    }
    return r.value.actions.map((a) => {
      const meta = (a.meta ?? {}) as { by?: Seat | 'server'; clock?: ClockRecord | null };
      return {
        seq: a.seq,
        action: a.action,
        by: meta.by ?? a.seat ?? 'server',
        at: a.createdAt,
        usedMs: a.timeUsedMs ?? 0,
        clock: meta.clock ?? null,
      };
    });
  }
}
