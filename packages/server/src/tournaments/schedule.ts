import { TournamentTermsInputSchema } from '@nardy/protocol';
import type { TimeSource } from '../game/time.js';
import type { Log } from '../games/manager.js';
import type { TournamentsModule } from './module.js';
import type { Format, FormatId } from './formats/types.js';
import { completeTerms } from './terms.js';

/**
 * The site's recurring tournaments (`TOURNAMENT_SCHEDULE`, docs/tournaments.md): each entry repeats by a small
 * subset of RFC 5545's RRULE — `FREQ=DAILY` or `FREQ=WEEKLY` with `BYDAY` (MO…SU), `BYHOUR` and `BYMINUTE` (lists
 * allowed) — at the wall-clock time of its IANA time zone `tz` (default UTC), and each occurrence is created `aheadHours`
 * (default 24) before it starts, once (its key is the entry's key and the start time, unique in the store).
 */
export interface ScheduleEntry {
  readonly key: string;
  readonly rrule: string;
  readonly tz: string;
  readonly aheadMs: number;
  /** The terms, without `start` (each occurrence starts at its time). */
  readonly terms: Record<string, unknown>;
}

interface Rule {
  readonly weekly: boolean;
  readonly days: readonly number[];
  readonly hours: readonly number[];
  readonly minutes: readonly number[];
}

const DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
/** How often the schedule is looked at. */
const EVERY_MS = 10 * 60_000;

function numbers(raw: string | undefined, max: number, what: string): number[] {
  if (raw === undefined) return [0];
  const out = raw.split(',').map(Number);
  if (out.some((n) => !Number.isInteger(n) || n < 0 || n > max)) throw new Error(`${what} must be whole numbers 0..${max}`);
  return out;
}

export function parseRule(rrule: string): Rule {
  const parts = new Map(rrule.split(';').map((p) => p.split('=') as [string, string]));
  for (const k of parts.keys())
    if (!['FREQ', 'BYDAY', 'BYHOUR', 'BYMINUTE'].includes(k)) throw new Error(`RRULE part ${k} is not supported (FREQ, BYDAY, BYHOUR, BYMINUTE)`);
  const freq = parts.get('FREQ');
  if (freq !== 'DAILY' && freq !== 'WEEKLY') throw new Error('FREQ must be DAILY or WEEKLY');
  const days = (parts.get('BYDAY') ?? '')
    .split(',')
    .filter((d) => d !== '')
    .map((d) => DAYS.indexOf(d));
  if (days.includes(-1)) throw new Error('BYDAY takes MO, TU, WE, TH, FR, SA, SU');
  if (freq === 'WEEKLY' && days.length === 0) throw new Error('FREQ=WEEKLY needs BYDAY');
  return { weekly: freq === 'WEEKLY', days, hours: numbers(parts.get('BYHOUR'), 23, 'BYHOUR'), minutes: numbers(parts.get('BYMINUTE'), 59, 'BYMINUTE') };
}

/** The wall clock in `tz` at `t`, as if it were UTC (ms). */
function wallClock(t: number, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(t);
  const n = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
}

/** The instant when the wall clock in `tz` shows `wall` (given as if UTC). */
function fromWallClock(wall: number, tz: string): number {
  let t = wall - (wallClock(wall, tz) - wall);
  t = wall - (wallClock(t, tz) - t);
  return t;
}

/** The rule's starts in (from, to]. */
export function occurrences(rule: Rule, tz: string, from: number, to: number): number[] {
  const out: number[] = [];
  const today = new Date(wallClock(from, tz));
  for (let i = -1; ; i++) {
    const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + i);
    if (fromWallClock(day, tz) > to) break;
    const weekday = new Date(day).getUTCDay();
    if (rule.days.length > 0 && !rule.days.includes(weekday)) continue;
    for (const h of rule.hours)
      for (const m of rule.minutes) {
        const t = fromWallClock(day + h * 3_600_000 + m * 60_000, tz);
        if (t > from && t <= to) out.push(t);
      }
  }
  return out.sort((a, b) => a - b);
}

/** Reads `TOURNAMENT_SCHEDULE`'s JSON; throws with what is wrong. */
export function parseSchedule(text: string, formats: Partial<Record<FormatId, Format<unknown>>>): ScheduleEntry[] {
  const raw = JSON.parse(text) as unknown;
  if (!Array.isArray(raw)) throw new Error('TOURNAMENT_SCHEDULE is a JSON array of entries');
  return raw.map((e: unknown, i) => {
    const where = `TOURNAMENT_SCHEDULE entry ${i}`;
    if (typeof e !== 'object' || e === null) throw new Error(`${where} is not an object`);
    const o = e as Record<string, unknown>;
    if (typeof o['key'] !== 'string' || !/^[A-Za-z0-9_-]{1,32}$/.test(o['key'])) throw new Error(`${where}: key is 1–32 characters of A–Z a–z 0–9 _ -`);
    if (typeof o['rrule'] !== 'string') throw new Error(`${where}: rrule is a string`);
    parseRule(o['rrule']);
    const tz = typeof o['tz'] === 'string' ? o['tz'] : 'UTC';
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    const ahead = o['aheadHours'] ?? 24;
    if (typeof ahead !== 'number' || ahead <= 0 || ahead > 24 * 14) throw new Error(`${where}: aheadHours is a number of hours up to two weeks`);
    const terms = o['terms'];
    if (typeof terms !== 'object' || terms === null) throw new Error(`${where}: terms is an object`);
    const entry: ScheduleEntry = { key: o['key'], rrule: o['rrule'], tz, aheadMs: ahead * 3_600_000, terms: terms as Record<string, unknown> };
    // The terms are checked as a creator's would be, for a start a day from now.
    const checked = termsAt(entry, formats, Date.UTC(2030, 0, 1), Date.UTC(2030, 0, 2));
    if (!checked.ok) throw new Error(`${where}: ${checked.error}`);
    return entry;
  });
}

function termsAt(entry: ScheduleEntry, formats: Partial<Record<FormatId, Format<unknown>>>, now: number, at: number) {
  const parsed = TournamentTermsInputSchema.safeParse({ ...entry.terms, start: { kind: 'at', at } });
  if (!parsed.success) return { ok: false as const, error: parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ') };
  const format = formats[parsed.data.format];
  if (!format) return { ok: false as const, error: `the format ${parsed.data.format} is not run here` };
  const terms = completeTerms(parsed.data, format, now);
  return terms.ok ? terms : { ok: false as const, error: terms.error.message };
}

/**
 * Creates each entry's occurrences that start within its `aheadHours` now and every 10 minutes; returns the stop. In a
 * cluster, `holds` claims the `schedule` lease at each look: only the instance that holds it creates anything (an
 * occurrence is made once anyway, by its key; the lease spares the others the work).
 */
export function runSchedule(
  text: string,
  tournaments: TournamentsModule,
  formats: Partial<Record<FormatId, Format<unknown>>>,
  time: TimeSource,
  log: Log,
  holds?: () => Promise<boolean>,
): () => void {
  const entries = parseSchedule(text, formats);
  let cancel: (() => void) | null = null;
  let stopped = false;
  const tick = async (): Promise<void> => {
    const now = time.now();
    const mine = holds === undefined || (await holds().catch(() => false));
    for (const e of mine ? entries : []) {
      for (const at of occurrences(parseRule(e.rrule), e.tz, now, now + e.aheadMs)) {
        const terms = termsAt(e, formats, now, at);
        if (!terms.ok) continue;
        const made = await tournaments.createTournament(terms.value, null, now, `${e.key}@${at}`);
        if (made.ok) log.info({ tournamentId: made.value, key: e.key, at }, 'scheduled tournament created');
      }
    }
    if (!stopped) cancel = time.setTimer(time.now() + EVERY_MS, () => void tick());
  };
  void tick();
  return () => {
    stopped = true;
    cancel?.();
  };
}
