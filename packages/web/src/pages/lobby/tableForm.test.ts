import { VARIANT_IDS, matchSettings } from '@nardy/engine';
import { TableSettingsInputSchema } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import {
  applicable,
  clockChoices,
  defaultForm,
  formFromSettings,
  problem,
  toBotSettings,
  toMatchInput,
  toPool,
  toSettingsInput,
  update,
  type TableForm,
} from './tableForm';
import { CLOCK_PRESET_IDS } from './clockPresets';

/** Every combination of the choices that change which fields apply. */
function forms(): TableForm[] {
  const out: TableForm[] = [];
  for (const variant of VARIANT_IDS) {
    for (const matchLength of [0, 1, 7]) {
      for (const enabled of [true, false]) {
        for (const clock of CLOCK_PRESET_IDS) {
          for (const lastRollDraw of [true, false]) {
            const f = update(defaultForm(variant, false), { matchLength, clock, lastRollDraw });
            out.push(update(f, { cube: { ...f.cube, enabled, beaver: true, jacoby: true, automaticDoubles: 2 } }));
          }
        }
      }
    }
  }
  return out;
}

describe('the table form', () => {
  it('sends settings the engine and the protocol accept, whatever is chosen', () => {
    for (const f of forms()) {
      expect(problem(f), JSON.stringify(f)).toBeNull();
      expect(TableSettingsInputSchema.safeParse(toSettingsInput(f)).success).toBe(true);
      expect(TableSettingsInputSchema.safeParse(toBotSettings(f)).success).toBe(true);
    }
  });

  it('asks for what the player chose (the engine completes it the same way)', () => {
    const f = update(defaultForm('short', true), { matchLength: 0, clock: 'fischer', lastRollDraw: true, drawScoring: 'one', ceiling: 'mars' });
    const chosen = update(f, { cube: { ...f.cube, beaver: true, jacoby: false, automaticDoubles: 3, maxValue: 16 } });
    const r = matchSettings(toMatchInput(chosen));
    expect(r.ok && r.value).toMatchObject({
      variant: 'short',
      matchLength: 0,
      ceiling: 'mars',
      lastRollDraw: true,
      drawScoring: 'one',
      cube: { enabled: true, maxValue: 16, beaver: true, jacoby: false, automaticDoubles: 3 },
      timeControl: { kind: 'fischer', initialMs: 300_000, incrementMs: 5_000 },
    });
  });

  it('leaves out what cannot apply: long options in short nardy, money cube options in a match', () => {
    const short = toMatchInput(defaultForm('short', false));
    expect(short).not.toHaveProperty('marsDefinition');
    expect(short).not.toHaveProperty('rules');
    expect(short.cube).toEqual({ enabled: true, maxValue: 64 });
    expect(short).toHaveProperty('crawford', true);
    const long = toMatchInput(defaultForm('long', false));
    expect(long).toMatchObject({ marsDefinition: 'noneBorneOff', homeMars: false, koks: false, openingThrow: 'fresh', nextGameStarter: 'previousBlack' });
    expect(long.cube).toEqual({ enabled: false });
    expect(long).not.toHaveProperty('crawford');
  });

  it('asks for session limits in a money session only, where the engine takes them (G6)', () => {
    const session = update(defaultForm('short', false), { matchLength: 0, session: { games: 10, pointsAhead: 0, minutes: 30 } });
    expect(applicable(session).session).toBe(true);
    expect(toMatchInput(session).session).toEqual({ games: 10, pointsAhead: 0, minutes: 30 });
    expect(problem(session)).toBeNull();
    const match = update(session, { matchLength: 5 });
    expect(applicable(match).session).toBe(false);
    expect(toMatchInput(match)).not.toHaveProperty('session');
    expect(formFromSettings(toSettingsInput(session), false).session).toEqual({ games: 10, pointsAhead: 0, minutes: 30 });
  });

  it('takes the new variant own rules and cube when the variant changes, and keeps the rest', () => {
    const long = update(defaultForm('long', true), { matchLength: 5, clock: 'us', homeMars: true });
    const short = update(long, { variant: 'short' });
    expect(short).toMatchObject({
      variant: 'short',
      matchLength: 5,
      clock: 'us',
      homeMars: false,
      openingThrow: 'useOpeningDice',
      nextGameStarter: 'openingThrow',
    });
    expect(short.cube.enabled).toBe(true);
    expect(update(short, { variant: 'long' }).cube.enabled).toBe(false);
  });

  it('drops a match-reserve clock in a money session (G8)', () => {
    expect(clockChoices(0)).toEqual(['none', 'fischer', 'bronstein', 'perMove']);
    expect(clockChoices(3)).toEqual(CLOCK_PRESET_IDS);
    expect(update(update(defaultForm('long', true), { clock: 'tournament' }), { matchLength: 0 }).clock).toBe('none');
    expect(update(update(defaultForm('long', true), { clock: 'fischer' }), { matchLength: 0 }).clock).toBe('fischer');
  });

  it('knows which fields apply', () => {
    const f = defaultForm('short', true);
    expect(applicable(f)).toMatchObject({ longOptions: false, cubeOptions: true, moneyCube: false, crawford: true, flagLoses: false, drawScoring: false });
    expect(applicable(update(f, { matchLength: 0 }))).toMatchObject({ moneyCube: true, crawford: false });
    expect(applicable(update(f, { clock: 'perMove', lastRollDraw: true }))).toMatchObject({ flagLoses: true, drawScoring: true });
  });

  it('makes a quick-pairing pool of variant, length, clock and rated', () => {
    expect(toPool(update(defaultForm('caucasian', true), { matchLength: 7, clock: 'tournament' }))).toEqual({
      variant: 'caucasian',
      matchLength: 7,
      timeControl: { kind: 'matchReserve', perPointMs: 180_000, delayMs: 15_000 },
      rated: true,
    });
  });

  it('plays bots casual and without stakes', () => {
    expect(toBotSettings(update(defaultForm('long', true), { stake: 10 }))).toMatchObject({ rated: false, stake: 0 });
  });

  it('starts from saved settings, and from the defaults when there are none or they are unreadable', () => {
    const saved = toSettingsInput(update(defaultForm('short', true), { matchLength: 0, clock: 'bronstein', ceiling: 'oin' }));
    const f = formFromSettings(saved, false);
    expect(f).toMatchObject({ variant: 'short', matchLength: 0, clock: 'bronstein', ceiling: 'oin', rated: true });
    expect(formFromSettings(null, true)).toEqual(defaultForm('long', true));
    expect(formFromSettings({ match: { variant: 'short', koks: true }, rated: false, stake: 0 }, false)).toEqual(defaultForm('long', false));
    const odd = formFromSettings({ match: { variant: 'long', timeControl: { kind: 'perMove', limitMs: 5_000 } }, rated: false, stake: 0 }, false);
    expect(odd.clock).toBe('none');
  });
});
