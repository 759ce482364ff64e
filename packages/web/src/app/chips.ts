/**
 * The player's chips for the header (RULES G9, `GET /api/me/chips`): free and on hold, for a registered account
 * only — guests have none. Asked when the account changes, when a game of his starts (its hold is placed with the
 * game) and after a staked match of his ends (settled, or released when called off); his own profile page hands
 * over the report it fetches anyway (`show`), so visiting it refreshes the header too.
 */
import type { ChipsReport } from '@nardy/protocol';
import type { Api } from '../net/api';
import type { Link } from '../net/types';
import type { Session } from './session';

export type ChipsBalance = NonNullable<ChipsReport['balance']>;

/** The server records a finished match, and settles its stake, just after it announces the end: ask a little later. */
export const SETTLE_WAIT_MS = 1500;

export interface ChipsStore {
  /** The account's balance; null for a guest and until the first answer. */
  readonly get: () => ChipsBalance | null;
  readonly subscribe: (listener: () => void) => () => void;
  /** A report fetched for the signed-in account elsewhere (his profile): shown without asking again. */
  readonly show: (report: ChipsReport) => void;
}

type Later = (run: () => void, ms: number) => void;

export function createChipsStore(
  api: Pick<Api, 'chips'>,
  link: Pick<Link, 'on'>,
  session: Pick<Session, 'profile' | 'subscribe'>,
  later: Later = (run, ms) => void setTimeout(run, ms),
): ChipsStore {
  let balance: ChipsBalance | null = null;
  /** The registered account shown; null for a guest or before the session is known. */
  let account: string | null = null;
  /** Numbers the requests: only the latest one's answer is shown (an older one may come back last). */
  let asked = 0;
  const listeners = new Set<() => void>();
  const set = (next: ChipsBalance | null) => {
    if (next?.free === balance?.free && next?.held === balance?.held) return;
    balance = next;
    for (const l of [...listeners]) l();
  };
  const refresh = () => {
    if (account === null) return;
    const request = ++asked;
    // Only the balance is wanted: the smallest page of ledger rows.
    api.chips(1).then(
      (report) => {
        if (request === asked) set(report.balance);
      },
      () => {}, // the last balance stays; the next game asks again
    );
  };
  const follow = () => {
    const p = session.profile();
    const next = p && !p.guest ? p.id : null;
    if (next === account) return;
    account = next;
    asked++; // an answer still on its way belongs to the previous account
    set(null);
    refresh();
  };
  session.subscribe(follow);
  follow();
  link.on('game.started', refresh);
  link.on('game.event', (m) => {
    if (m.event.kind === 'matchEnded' && m.view.you !== null && m.view.settings.stake > 0) later(refresh, SETTLE_WAIT_MS);
  });

  return {
    get: () => balance,
    subscribe: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    show: (report) => {
      if (account === null) return;
      asked++;
      set(report.balance);
    },
  };
}
