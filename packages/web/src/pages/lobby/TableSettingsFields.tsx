import {
  BLOCK_CHECKS,
  CUBE_MAX_VALUES,
  DRAW_SCORINGS,
  FLAG_LOSES,
  HEAD_EXCEPTION_SCOPES,
  MARS_DEFINITIONS,
  NEXT_GAME_STARTERS,
  OPENING_THROWS,
  SESSION_GAME_LIMITS,
  SESSION_MINUTE_LIMITS,
  SESSION_POINT_LIMITS,
  VARIANT_IDS,
  maxGamePoints,
} from '@nardy/engine';
import { holdPoints, LIMITS, stakeHold } from '@nardy/protocol';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../app/Field';
import { termsContext } from '../../game/results';
import { ceilingName, describeClock } from './describe';
import { CLOCK_PRESETS } from './clockPresets';
import { AUTOMATIC_DOUBLES, MATCH_LENGTHS, applicable, ceilingChoices, update, type TableForm } from './tableForm';

/** One of a money session's limits (G6): none, or a value from the engine's list. */
function Limit({
  name,
  values,
  form,
  set,
}: {
  readonly name: keyof TableForm['session'];
  readonly values: readonly number[];
  readonly form: TableForm;
  readonly set: (patch: Partial<TableForm>) => void;
}) {
  const { t } = useTranslation(['tableForm', 'lobby'], { nsMode: 'fallback' });
  return (
    <Select
      label={t(`form.session.${name}`)}
      name={`session.${name}`}
      value={String(form.session[name])}
      onChange={(v) => set({ session: { ...form.session, [name]: Number(v) } })}
    >
      {values.map((n) => (
        <option key={n} value={n}>
          {n === 0 ? t('form.session.none') : t(`form.session.${name}Value`, { count: n })}
        </option>
      ))}
    </Select>
  );
}

/**
 * The table settings as form fields (docs/rules.md §7). `part`: `table` — everything a seek, challenge or private
 * table carries, the stake in chips included (G9: the hold it puts on each player is shown under it); `bot` — the
 * same without rated and stake (bot games are casual and without chips); `pool` — what a quick-pairing pool is made
 * of (variant, length, clock, rated). Fields that cannot apply to the current choice are not shown.
 */
export function TableSettingsFields({
  form,
  onChange,
  part = 'table',
  guest = false,
}: {
  readonly form: TableForm;
  readonly onChange: (form: TableForm) => void;
  readonly part?: 'table' | 'bot' | 'pool';
  /** Guests cannot play rated games, nor for chips. */
  readonly guest?: boolean;
}) {
  const { t } = useTranslation(['tableForm', 'lobby'], { nsMode: 'fallback' });
  const a = applicable(form);
  const set = (patch: Partial<TableForm>) => onChange(update(form, patch));
  const full = part !== 'pool';
  // G9: the hold and what a result pays, by the arithmetic the server uses (@nardy/protocol's stakeHold).
  const hold = stakeHold(form.stake, form);
  const stakeTerms =
    form.matchLength > 0
      ? t('form.stakeMatch', { count: form.matchLength, hold })
      : t('form.stakeMoney', { hold, points: holdPoints(form), game: maxGamePoints(form) });

  return (
    <div className="table-settings">
      <div className="grid-fields">
        <Select label={t('form.variant')} name="variant" value={form.variant} onChange={(v) => set({ variant: v as TableForm['variant'] })}>
          {VARIANT_IDS.map((v) => (
            <option key={v} value={v}>
              {t(`common:variant.${v}`)}
            </option>
          ))}
        </Select>
        <Select label={t('form.length')} name="matchLength" value={String(form.matchLength)} onChange={(v) => set({ matchLength: Number(v) })}>
          {MATCH_LENGTHS.map((n) => (
            <option key={n} value={n}>
              {n === 0 ? t('form.money') : t('form.points', { count: n })}
            </option>
          ))}
        </Select>
        <Select label={t('form.clock')} name="clock" value={form.clock} onChange={(v) => set({ clock: v as TableForm['clock'] })}>
          {a.clocks.map((c) => {
            const clock = describeClock(CLOCK_PRESETS[c]);
            return (
              <option key={c} value={c}>
                {t(`form.clockPreset.${c}`, { clock: t(clock.key, clock.params) })}
              </option>
            );
          })}
        </Select>
        {full && a.flagLoses && (
          <Select label={t('form.flagLoses')} name="flagLoses" value={form.flagLoses} onChange={(v) => set({ flagLoses: v as TableForm['flagLoses'] })}>
            {FLAG_LOSES.map((f) => (
              <option key={f} value={f}>
                {t(`form.flagLosesOption.${f}`)}
              </option>
            ))}
          </Select>
        )}
        {full && a.session && (
          <>
            <Limit name="games" values={SESSION_GAME_LIMITS} form={form} set={set} />
            <Limit name="pointsAhead" values={SESSION_POINT_LIMITS} form={form} set={set} />
            <Limit name="minutes" values={SESSION_MINUTE_LIMITS} form={form} set={set} />
          </>
        )}
      </div>

      {full && (
        <fieldset className="group">
          <legend>{t('form.scoring')}</legend>
          <Select label={t('form.ceiling')} name="ceiling" value={form.ceiling} onChange={(v) => set({ ceiling: v as TableForm['ceiling'] })}>
            {ceilingChoices(form).map((c) => (
              <option key={c} value={c}>
                {t(`form.ceilingOption.${ceilingName(form.variant, form.koks, c)}`, termsContext(form.variant))}
              </option>
            ))}
          </Select>
          {form.variant === 'long' && <p className="field-hint">{t('form.longTerms')}</p>}
          {a.longOptions && (
            <>
              <Select
                label={t('form.marsDefinition')}
                name="marsDefinition"
                value={form.marsDefinition}
                onChange={(v) => set({ marsDefinition: v as TableForm['marsDefinition'] })}
              >
                {MARS_DEFINITIONS.map((m) => (
                  <option key={m} value={m}>
                    {t(`form.marsDefinitionOption.${m}`)}
                  </option>
                ))}
              </Select>
              <Check label={t('form.homeMars')} name="homeMars" checked={form.homeMars} onChange={(homeMars) => set({ homeMars })} />
              <Check label={t('form.koks')} name="koks" checked={form.koks} onChange={(koks) => set({ koks })} />
            </>
          )}
          <Check label={t('form.lastRollDraw')} name="lastRollDraw" checked={form.lastRollDraw} onChange={(lastRollDraw) => set({ lastRollDraw })} />
          {a.drawScoring && (
            <Select
              label={t('form.drawScoring')}
              name="drawScoring"
              value={form.drawScoring}
              onChange={(v) => set({ drawScoring: v as TableForm['drawScoring'] })}
            >
              {DRAW_SCORINGS.map((d) => (
                <option key={d} value={d}>
                  {t(`form.drawScoringOption.${d}`)}
                </option>
              ))}
            </Select>
          )}
        </fieldset>
      )}

      {full && (
        <fieldset className="group">
          <legend>{t('form.cube', termsContext(form.variant))}</legend>
          <Check
            label={t('form.cubeEnabled')}
            name="cubeEnabled"
            checked={form.cube.enabled}
            onChange={(enabled) => set({ cube: { ...form.cube, enabled } })}
          />
          {a.cubeOptions && (
            <Select
              label={t('form.cubeMax')}
              name="cubeMax"
              value={String(form.cube.maxValue)}
              onChange={(v) => set({ cube: { ...form.cube, maxValue: Number(v) } })}
            >
              {CUBE_MAX_VALUES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          )}
          {a.moneyCube && (
            <>
              <Check label={t('form.beaver')} name="beaver" checked={form.cube.beaver} onChange={(beaver) => set({ cube: { ...form.cube, beaver } })} />
              <Check
                label={t('form.jacoby', termsContext(form.variant))}
                name="jacoby"
                checked={form.cube.jacoby}
                onChange={(jacoby) => set({ cube: { ...form.cube, jacoby } })}
              />
              <Select
                label={t('form.automaticDoubles')}
                name="automaticDoubles"
                value={String(form.cube.automaticDoubles)}
                onChange={(v) => set({ cube: { ...form.cube, automaticDoubles: Number(v) } })}
              >
                {AUTOMATIC_DOUBLES.map((n) => (
                  <option key={n} value={n}>
                    {n === 0 ? t('form.automaticDoublesOff') : t('form.automaticDoublesUpTo', { n })}
                  </option>
                ))}
              </Select>
            </>
          )}
          {a.crawford && <Check label={t('form.crawford')} name="crawford" checked={form.crawford} onChange={(crawford) => set({ crawford })} />}
        </fieldset>
      )}

      {full && a.longOptions && (
        <details className="group-details">
          <summary>{t('form.longRules')}</summary>
          <Select
            label={t('form.openingThrow')}
            name="openingThrow"
            value={form.openingThrow}
            onChange={(v) => set({ openingThrow: v as TableForm['openingThrow'] })}
          >
            {OPENING_THROWS.map((o) => (
              <option key={o} value={o}>
                {t(`form.openingThrowOption.${o}`)}
              </option>
            ))}
          </Select>
          <Select
            label={t('form.nextGameStarter')}
            name="nextGameStarter"
            value={form.nextGameStarter}
            onChange={(v) => set({ nextGameStarter: v as TableForm['nextGameStarter'] })}
          >
            {NEXT_GAME_STARTERS.map((o) => (
              <option key={o} value={o}>
                {t(`form.nextGameStarterOption.${o}`)}
              </option>
            ))}
          </Select>
          <Select
            label={t('form.headExceptionScope')}
            name="headExceptionScope"
            value={form.rules.headExceptionScope}
            onChange={(v) => set({ rules: { ...form.rules, headExceptionScope: v as TableForm['rules']['headExceptionScope'] } })}
          >
            {HEAD_EXCEPTION_SCOPES.map((o) => (
              <option key={o} value={o}>
                {t(`form.headExceptionScopeOption.${o}`)}
              </option>
            ))}
          </Select>
          <Select
            label={t('form.blockCheck')}
            name="blockCheck"
            value={form.rules.blockCheck}
            onChange={(v) => set({ rules: { ...form.rules, blockCheck: v as TableForm['rules']['blockCheck'] } })}
          >
            {BLOCK_CHECKS.map((o) => (
              <option key={o} value={o}>
                {t(`form.blockCheckOption.${o}`)}
              </option>
            ))}
          </Select>
          <Check
            label={t('form.blockAheadCountsBorneOff')}
            name="blockAheadCountsBorneOff"
            checked={form.rules.blockAheadCountsBorneOff}
            onChange={(blockAheadCountsBorneOff) => set({ rules: { ...form.rules, blockAheadCountsBorneOff } })}
          />
        </details>
      )}

      {part !== 'bot' && (
        <div className="grid-fields">
          <Check
            label={t('form.rated')}
            name="rated"
            checked={form.rated && !guest}
            disabled={guest}
            hint={guest ? t('form.ratedNeedsAccount') : undefined}
            onChange={(rated) => set({ rated })}
          />
          {part === 'table' && (
            <Field label={t('form.stake')} hint={guest ? t('form.stakeNeedsAccount') : form.stake > 0 ? stakeTerms : t('form.stakeHint')}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  name="stake"
                  min={0}
                  max={LIMITS.maxStake}
                  step={1}
                  inputMode="numeric"
                  disabled={guest}
                  value={guest ? 0 : form.stake}
                  onChange={(e) => set({ stake: Math.min(LIMITS.maxStake, Math.max(0, Math.floor(Number(e.target.value) || 0))) })}
                />
              )}
            </Field>
          )}
        </div>
      )}
    </div>
  );
}

function Select({
  label,
  name,
  value,
  onChange,
  children,
}: {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly children: ReactNode;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <select {...control} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
          {children}
        </select>
      )}
    </Field>
  );
}

function Check({
  label,
  name,
  checked,
  onChange,
  disabled = false,
  hint,
}: {
  readonly label: string;
  readonly name: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly disabled?: boolean;
  readonly hint?: string | undefined;
}) {
  return (
    <label className="check">
      <input type="checkbox" name={name} checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {label}
        {hint !== undefined && <span className="field-hint check-hint">{hint}</span>}
      </span>
    </label>
  );
}
