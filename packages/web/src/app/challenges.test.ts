import { SERVER_EXAMPLES } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { NO_CHALLENGES, challengesReducer, closedNotice, withOutgoing, withoutChallenge } from './challenges';

const received = SERVER_EXAMPLES['challenge.received'];

describe('challenges', () => {
  it('collect incoming ones once each and drop them when closed', () => {
    let s = challengesReducer(NO_CHALLENGES, received);
    s = challengesReducer(s, received);
    expect(s.incoming.map((c) => c.challengeId)).toEqual(['ch_5']);
    s = withOutgoing(s, { challengeId: 'ch_9', to: { userId: 'u_x' }, settings: { match: { variant: 'short' }, rated: false, stake: 0 } });
    s = challengesReducer(s, { type: 'challenge.closed', challengeId: 'ch_5', reason: 'cancelled' });
    expect(s.incoming).toEqual([]);
    expect(s.outgoing.map((c) => c.challengeId)).toEqual(['ch_9']);
    expect(withoutChallenge(s, 'ch_9')).toEqual(NO_CHALLENGES);
  });

  it('tell the sender about a decline or expiry, not about an acceptance (the game opens)', () => {
    expect(closedNotice('declined')).toBe('lobby:challenge.wasDeclined');
    expect(closedNotice('expired')).toBe('lobby:challenge.expired');
    expect(closedNotice('accepted')).toBeNull();
    expect(closedNotice('cancelled')).toBeNull();
  });
});
