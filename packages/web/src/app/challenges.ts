/**
 * Direct challenges to and from the player (docs/protocol.md §4 "Direct challenges"), kept app-wide so an
 * incoming one shows on every page. The server forgets a player's challenges when his socket goes, so a drop
 * clears the box.
 */
import type { Challenge, ServerToClient, TableSettingsInput, UserRef } from '@nardy/protocol';
import type { Link } from '../net/types';

export interface Outgoing {
  readonly challengeId: string;
  /** Whom: the user as known in the lobby, or just the id that was typed. */
  readonly to: UserRef | { readonly userId: string };
  readonly settings: TableSettingsInput;
}

export interface ChallengeState {
  readonly incoming: readonly Challenge[];
  readonly outgoing: readonly Outgoing[];
}

export const NO_CHALLENGES: ChallengeState = { incoming: [], outgoing: [] };

/** What a closed challenge means to the player who sent it, as a notice key (null: nothing to say). */
export function closedNotice(reason: 'accepted' | 'declined' | 'cancelled' | 'expired'): string | null {
  return reason === 'declined' ? 'lobby:challenge.wasDeclined' : reason === 'expired' ? 'lobby:challenge.expired' : null;
}

export function challengesReducer(s: ChallengeState, msg: ServerToClient): ChallengeState {
  switch (msg.type) {
    case 'challenge.received':
      return {
        ...s,
        incoming: [...s.incoming.filter((c) => c.challengeId !== msg.challenge.challengeId), msg.challenge],
      };
    case 'challenge.closed':
      return {
        incoming: s.incoming.filter((c) => c.challengeId !== msg.challengeId),
        outgoing: s.outgoing.filter((c) => c.challengeId !== msg.challengeId),
      };
    default:
      return s;
  }
}

export const withOutgoing = (s: ChallengeState, o: Outgoing): ChallengeState => ({ ...s, outgoing: [...s.outgoing, o] });
export const withoutChallenge = (s: ChallengeState, id: string): ChallengeState => ({
  incoming: s.incoming.filter((c) => c.challengeId !== id),
  outgoing: s.outgoing.filter((c) => c.challengeId !== id),
});

export interface ChallengeStore {
  readonly get: () => ChallengeState;
  readonly subscribe: (listener: () => void) => () => void;
  readonly addOutgoing: (o: Outgoing) => void;
  readonly remove: (challengeId: string) => void;
}

/** The app's challenges, fed by the link; `notify` tells the sender when his challenge was declined or expired. */
export function createChallengeStore(link: Link, notify: (key: string) => void): ChallengeStore {
  let state = NO_CHALLENGES;
  const listeners = new Set<() => void>();
  const set = (next: ChallengeState) => {
    if (next === state) return;
    state = next;
    for (const l of [...listeners]) l();
  };
  link.on('challenge.received', (m) => set(challengesReducer(state, m)));
  link.on('challenge.closed', (m) => {
    const mine = state.outgoing.some((o) => o.challengeId === m.challengeId);
    set(challengesReducer(state, m));
    const key = mine ? closedNotice(m.reason) : null;
    if (key) notify(key);
  });
  link.onStatus((s) => {
    if (s === 'offline') set(NO_CHALLENGES);
  });
  return {
    get: () => state,
    subscribe: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    addOutgoing: (o) => set(withOutgoing(state, o)),
    remove: (id) => set(withoutChallenge(state, id)),
  };
}
