/**
 * Table settings in words, as translation keys with parameters (the components translate them): what a seek,
 * challenge or live game is played under, in the order players read it — variant, length, scoring, cube, clock.
 */
import { CEILINGS, ceilingPoints, maxWinPoints, scoringOf, type Ceiling, type TimeControl, type VariantId } from '@nardy/engine';
import { stakeHold, type TableSettings } from '@nardy/protocol';
import { termsContext } from '../../game/results';

export interface Phrase {
  readonly key: string;
  readonly params: Readonly<Record<string, string | number>>;
  /** A line that explains the words, as a tooltip (long nardy's oin and mars in English, issue 40 item 12). */
  readonly hint?: string;
}

const phrase = (key: string, params: Phrase['params'] = {}): Phrase => ({ key, params });

/** Milliseconds as minutes, to one decimal where needed (90 000 → 1.5). */
const minutes = (ms: number): number => Math.round(ms / 6_000) / 10;
const seconds = (ms: number): number => Math.round(ms / 100) / 10;

export function describeClock(tc: TimeControl): Phrase {
  switch (tc.kind) {
    case 'none':
      return phrase('lobby:clock.none');
    case 'matchReserve':
      return phrase('lobby:clock.matchReserve', { min: minutes(tc.perPointMs), sec: seconds(tc.delayMs) });
    case 'fischer':
      return phrase('lobby:clock.fischer', { min: minutes(tc.initialMs), sec: seconds(tc.incrementMs) });
    case 'bronstein':
      return phrase('lobby:clock.bronstein', { min: minutes(tc.initialMs), sec: seconds(tc.delayMs) });
    case 'perMove':
      return phrase('lobby:clock.perMove', { sec: seconds(tc.limitMs) });
  }
}

export const describeLength = (matchLength: number): Phrase =>
  matchLength === 0 ? phrase('lobby:describe.money') : phrase('lobby:describe.match', { count: matchLength });

/** What a ceiling is called: in long nardy a win of three without koks is a home mars (L25). */
export const ceilingName = (variant: VariantId, koks: boolean, c: Ceiling): Ceiling | 'homeMars' =>
  c === 'koks' && variant === 'long' && !koks ? 'homeMars' : c;

/** Every setting that differs from plain play, so two seeks that look alike are alike. */
export function describeSettings(s: TableSettings): Phrase[] {
  const m = s.match;
  const out: Phrase[] = [phrase(`common:variant.${m.variant}`), describeLength(m.matchLength)];
  // What a win can really be worth: a ceiling above what the scoring options allow (G4) changes nothing.
  const top = CEILINGS.find((c) => ceilingPoints(c) === maxWinPoints(scoringOf(m), m))!;
  const ceiling = phrase(`lobby:describe.ceiling.${ceilingName(m.variant, m.koks, top)}`, termsContext(m.variant));
  out.push(m.variant === 'long' ? { ...ceiling, hint: 'lobby:form.longTerms' } : ceiling);
  if (m.variant === 'long') {
    if (m.marsDefinition === 'notAllHome') out.push(phrase('lobby:describe.notAllHome'));
    if (m.homeMars) out.push(phrase('lobby:describe.homeMars'));
    if (m.koks) out.push(phrase('lobby:describe.koks'));
  }
  if (m.matchLength === 0) {
    // G6: the money session's limits, as the table plays them.
    if (m.session.games > 0) out.push(phrase('lobby:describe.sessionGames', { count: m.session.games }));
    if (m.session.pointsAhead > 0) out.push(phrase('lobby:describe.sessionPoints', { count: m.session.pointsAhead }));
    if (m.session.minutes > 0) out.push(phrase('lobby:describe.sessionMinutes', { count: m.session.minutes }));
  }
  if (m.lastRollDraw) out.push(phrase(`lobby:describe.lastRollDraw.${m.drawScoring}`));
  if (m.cube.enabled) {
    out.push(phrase('lobby:describe.cube', { max: m.cube.maxValue }));
    if (m.matchLength === 0) {
      if (m.cube.beaver) out.push(phrase('lobby:describe.beaver'));
      if (m.cube.jacoby) out.push(phrase('lobby:describe.jacoby'));
      if (m.cube.automaticDoubles > 0) out.push(phrase('lobby:describe.automaticDoubles', { n: m.cube.automaticDoubles }));
    } else if (!m.crawford) out.push(phrase('lobby:describe.noCrawford'));
  } else out.push(phrase('lobby:describe.noCube'));
  out.push(describeClock(m.timeControl));
  if (m.timeControl.kind !== 'none' && m.flagLoses === 'game') out.push(phrase('lobby:describe.flagLosesGame'));
  out.push(phrase(s.rated ? 'lobby:describe.rated' : 'lobby:describe.casual'));
  if (s.stake > 0) out.push(phrase(`lobby:describe.${m.matchLength > 0 ? 'stakeMatch' : 'stakeMoney'}`, { n: s.stake, hold: stakeHold(s.stake, m) }));
  return out;
}
