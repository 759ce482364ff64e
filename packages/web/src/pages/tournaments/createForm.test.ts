import { TournamentTermsInputSchema } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, botsAllowed, termsOf } from './createForm';

const now = new Date('2026-01-10T12:00').getTime();

describe('termsOf', () => {
  it('makes terms the protocol accepts, with only the chosen format options', () => {
    const r = termsOf({ ...DEFAULT_FORM, name: ' Evening cup ', format: 'swiss', rounds: 4 }, now);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(TournamentTermsInputSchema.safeParse(r.terms).success).toBe(true);
    expect(r.terms.name).toBe('Evening cup');
    expect(r.terms.options).toEqual({ rounds: 4 });
    expect(r.terms.start).toEqual({ kind: 'full' });
    expect(r.terms.match.timeControl).toEqual({ kind: 'matchReserve', perPointMs: 180_000, delayMs: 15_000 });
  });

  it('starts at the time given, in the player own time, and refuses a time gone by or none', () => {
    const at = termsOf({ ...DEFAULT_FORM, name: 'x', start: 'at', startAt: '2026-01-10T21:00' }, now);
    expect(at.ok && at.terms.start).toEqual({ kind: 'at', at: new Date('2026-01-10T21:00').getTime() });
    expect(termsOf({ ...DEFAULT_FORM, name: 'x', start: 'at', startAt: '2026-01-10T11:00' }, now)).toEqual({
      ok: false,
      field: 'startAt',
      key: 'create.startAtPast',
    });
    expect(termsOf({ ...DEFAULT_FORM, name: 'x', start: 'at', startAt: '' }, now)).toEqual({ ok: false, field: 'startAt', key: 'create.startAtNeeded' });
    expect(termsOf({ ...DEFAULT_FORM, name: '  ' }, now)).toEqual({ ok: false, field: 'name', key: 'create.nameNeeded' });
  });

  it('asks a sit-and-go for a full field, and one at a set time for the fewest the format runs with', () => {
    const full = termsOf({ ...DEFAULT_FORM, name: 'x', maxPlayers: 6 }, now);
    expect(full.ok && full.terms.minPlayers).toBe(6);
    const at = { ...DEFAULT_FORM, name: 'x', start: 'at' as const, startAt: '2026-01-10T21:00', maxPlayers: 10 };
    expect([termsOf(at, now), termsOf({ ...at, format: 'roundRobin' }, now)].map((r) => r.ok && r.terms.minPlayers)).toEqual([2, 3]);
  });

  it('starts an arena at a set time, never when full', () => {
    expect(termsOf({ ...DEFAULT_FORM, name: 'x', format: 'arena' }, now)).toEqual({ ok: false, field: 'startAt', key: 'create.startAtNeeded' });
    const r = termsOf({ ...DEFAULT_FORM, name: 'x', format: 'arena', startAt: '2026-01-10T21:00', minutes: 30 }, now);
    expect(r.ok && [r.terms.start.kind, r.terms.options]).toEqual(['at', { minutes: 30 }]);
  });

  it('asks for bots only for a casual sit-and-go', () => {
    const casual = { ...DEFAULT_FORM, name: 'x', rated: false, bots: true, format: 'roundRobin' as const };
    expect(botsAllowed(casual)).toBe(true);
    const r = termsOf(casual, now);
    expect(r.ok && r.terms.bots).toBe(true);
    expect(r.ok && r.terms.options).toEqual({});
    const rated = termsOf({ ...casual, rated: true }, now);
    expect(rated.ok && rated.terms.bots).toBe(false);
    expect(botsAllowed({ ...casual, start: 'at' })).toBe(false);
  });
});
