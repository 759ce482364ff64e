import { afterEach, describe, expect, it } from 'vitest';
import { world, type World } from '../games/kit.suite.js';
import { FORMATS } from './formats/index.js';
import { until } from './kit.suite.js';
import { occurrences, parseRule, parseSchedule, runSchedule } from './schedule.js';

const DAILY = {
  key: 'daily-long',
  rrule: 'FREQ=DAILY;BYHOUR=21;BYMINUTE=0',
  tz: 'Europe/Moscow',
  terms: {
    name: 'Daily knockout',
    format: 'knockout',
    rated: true,
    buyIn: 0,
    minPlayers: 2,
    maxPlayers: 32,
    bots: false,
    options: {},
    match: { variant: 'long', matchLength: 3, timeControl: { kind: 'matchReserve', perPointMs: 180000, delayMs: 15000 } },
  },
};

describe('the tournament schedule (TOURNAMENT_SCHEDULE)', () => {
  let w: World | null = null;
  afterEach(async () => {
    await w?.close();
    w = null;
  });

  it('repeats daily or weekly at a wall-clock time of a time zone', () => {
    const from = Date.UTC(2026, 0, 1, 0, 0);
    // 21:00 in Moscow (UTC+3) is 18:00 UTC.
    expect(occurrences(parseRule('FREQ=DAILY;BYHOUR=21;BYMINUTE=0'), 'Europe/Moscow', from, from + 2 * 86_400_000)).toEqual([
      Date.UTC(2026, 0, 1, 18),
      Date.UTC(2026, 0, 2, 18),
    ]);
    // 1 January 2026 is a Thursday: the next Sunday is the 4th; 18:30 in New York in winter is 23:30 UTC.
    expect(occurrences(parseRule('FREQ=WEEKLY;BYDAY=SU;BYHOUR=18;BYMINUTE=30'), 'America/New_York', from, from + 7 * 86_400_000)).toEqual([
      Date.UTC(2026, 0, 4, 23, 30),
    ]);
    expect(() => parseRule('FREQ=MONTHLY')).toThrow(/DAILY or WEEKLY/);
    expect(() => parseRule('FREQ=WEEKLY;BYHOUR=5')).toThrow(/BYDAY/);
    expect(() => parseRule('FREQ=DAILY;COUNT=3')).toThrow(/not supported/);
  });

  it('refuses a bad entry with the reason', () => {
    expect(() => parseSchedule('{}', FORMATS)).toThrow(/array/);
    expect(() => parseSchedule(JSON.stringify([{ ...DAILY, terms: { ...DAILY.terms, maxPlayers: 1 } }]), FORMATS)).toThrow(/entry 0/);
    expect(() => parseSchedule(JSON.stringify([{ ...DAILY, tz: 'Mars/Olympus' }]), FORMATS)).toThrow();
    expect(parseSchedule(JSON.stringify([DAILY]), FORMATS)).toHaveLength(1);
  });

  it('the server creates the next occurrence ahead of time, once', async () => {
    w = await world('sqlite', { env: { TOURNAMENT_SCHEDULE: JSON.stringify([DAILY]) } });
    const x = w;
    const upcoming = async () => {
      const r = await x.app.http.inject({ method: 'GET', url: '/api/tournaments?status=upcoming' });
      return (r.json() as { tournaments: { startsAt: number; createdBy: unknown; terms: { name: string } }[] }).tournaments;
    };
    await until(async () => (await upcoming()).length === 1, 'the scheduled tournament');
    // The kit's clock starts at 2023-11-14 22:13:20 UTC: the next 21:00 in Moscow is 18:00 UTC the next day.
    expect(await upcoming()).toMatchObject([{ startsAt: Date.UTC(2023, 10, 15, 18), createdBy: null, terms: { name: 'Daily knockout' } }]);
    x.time.advance(10 * 60_000);
    await new Promise<void>((r) => setTimeout(r, 50));
    expect(await upcoming()).toHaveLength(1);
  });

  it('in a cluster, only the instance that holds the schedule lease creates; another takes over when it gets it', async () => {
    w = await world('sqlite');
    const x = w;
    let holds = false;
    const stop = runSchedule(JSON.stringify([DAILY]), x.app.tournaments, FORMATS, x.time, { info() {}, warn() {}, error() {} }, async () => holds);
    const upcoming = async () => {
      const r = await x.store.tournaments.list(['registering'], 10);
      return r.ok ? r.value.length : -1;
    };
    await new Promise<void>((r) => setTimeout(r, 50));
    expect(await upcoming()).toBe(0);
    holds = true;
    x.time.advance(10 * 60_000);
    await until(async () => (await upcoming()) === 1, 'the scheduled tournament, once this instance holds the lease');
    stop();
  });
});
