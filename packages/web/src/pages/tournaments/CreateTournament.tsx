import { VARIANT_IDS } from '@nardy/engine';
import type { TournamentFormat } from '@nardy/protocol';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../app/Field';
import { describeError } from '../../app/notices';
import { useServices } from '../../app/services';
import { ServerError } from '../../net/types';
import { paths } from '../../router';
import { CLOCK_PRESETS, CLOCK_PRESET_IDS, type ClockPreset } from '../lobby/clockPresets';
import { describeClock } from '../lobby/describe';
import { DEFAULT_FORM, botsAllowed, startOf, termsOf, type CreateForm } from './createForm';

const LENGTHS = [1, 3, 5, 7, 9, 11] as const;
/** Every format, listed from a record so a new one cannot be missed (the protocol's list would bring zod into this page). */
const FORMATS = Object.keys({ knockout: 1, swiss: 1, roundRobin: 1, arena: 1 } satisfies Record<TournamentFormat, 1>) as TournamentFormat[];
/** A tournament needs a clock (no-shows and stalling are decided by it). */
const CLOCKS = CLOCK_PRESET_IDS.filter((p) => p !== 'none');

/** What went wrong: the field to fix, or the server's refusal (its code translated, with its detail). */
type Problem = { readonly field: 'name' | 'startAt'; readonly key: string } | { readonly field: null; readonly key: string; readonly detail: string };

/** The "Create tournament" form (registered users): on success the new tournament's page opens. */
export function CreateTournament() {
  const { t } = useTranslation('tournaments');
  const { link, navigate } = useServices();
  const [form, setForm] = useState<CreateForm>(DEFAULT_FORM);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof CreateForm>(key: K, value: CreateForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const num = (key: 'buyIn' | 'maxPlayers' | 'rounds' | 'minutes' | 'matchLength') => (e: { target: { value: string } }) =>
    set(key, Math.max(0, Math.floor(Number(e.target.value) || 0)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = termsOf(form, Date.now() + link.clockOffset);
    if (!check.ok) return setProblem({ field: check.field, key: check.key });
    setProblem(null);
    setBusy(true);
    link.send({ type: 'tournament.create', terms: check.terms }).then(
      (r) => {
        setBusy(false);
        if (r?.kind === 'tournament') navigate(paths.tournament(r.tournamentId));
      },
      (err: unknown) => {
        setBusy(false);
        // The server's own words where they name which term is wrong (BAD_OPTIONS): the code alone says too little.
        if (err instanceof ServerError && err.code === 'BAD_OPTIONS') setProblem({ field: null, key: 'create.refused', detail: err.message });
        else setProblem({ field: null, ...describeError(err), detail: '' });
      },
    );
  };

  const fieldError = (f: 'name' | 'startAt') => (problem?.field === f ? t(problem.key) : undefined);
  return (
    <details className="tournament-create">
      <summary className="btn btn-primary">{t('create.open')}</summary>
      <form onSubmit={submit} noValidate>
        <div className="tournament-form-grid">
          <Field label={t('create.name')} error={fieldError('name')}>
            {(c) => <input {...c} name="name" type="text" maxLength={64} value={form.name} onChange={(e) => set('name', e.target.value)} />}
          </Field>
          <Field label={t('create.format')}>
            {(c) => (
              <select {...c} name="format" value={form.format} onChange={(e) => set('format', e.target.value as TournamentFormat)}>
                {FORMATS.map((f) => (
                  <option key={f} value={f}>
                    {t(`format.${f}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('create.variant')}>
            {(c) => (
              <select {...c} name="variant" value={form.variant} onChange={(e) => set('variant', e.target.value as CreateForm['variant'])}>
                {VARIANT_IDS.map((v) => (
                  <option key={v} value={v}>
                    {t(`common:variant.${v}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('create.matchLength')}>
            {(c) => (
              <select {...c} name="matchLength" value={form.matchLength} onChange={num('matchLength')}>
                {LENGTHS.map((n) => (
                  <option key={n} value={n}>
                    {t('lobby:describe.match', { count: n })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('create.clock')}>
            {(c) => (
              <select {...c} name="clock" value={form.clock} onChange={(e) => set('clock', e.target.value as ClockPreset)}>
                {CLOCKS.map((p) => {
                  const d = describeClock(CLOCK_PRESETS[p]);
                  return (
                    <option key={p} value={p}>
                      {t(d.key, d.params)}
                    </option>
                  );
                })}
              </select>
            )}
          </Field>
          <Field label={t('create.maxPlayers')}>
            {(c) => <input {...c} name="maxPlayers" type="number" min={2} max={1000} value={form.maxPlayers} onChange={num('maxPlayers')} />}
          </Field>
          <Field label={t('create.buyIn')} hint={t('create.buyInHint')}>
            {(c) => <input {...c} name="buyIn" type="number" min={0} value={form.buyIn} onChange={num('buyIn')} />}
          </Field>
          <Field label={t('create.start')}>
            {(c) => (
              <select {...c} name="start" value={startOf(form)} onChange={(e) => set('start', e.target.value as CreateForm['start'])}>
                <option value="full" disabled={form.format === 'arena'}>
                  {t('create.startFull')}
                </option>
                <option value="at">{t('create.startAt')}</option>
              </select>
            )}
          </Field>
          {startOf(form) === 'at' && (
            <Field label={t('create.startTime')} error={fieldError('startAt')}>
              {(c) => <input {...c} name="startAt" type="datetime-local" value={form.startAt} onChange={(e) => set('startAt', e.target.value)} />}
            </Field>
          )}
          {form.format === 'swiss' && (
            <Field label={t('create.rounds')}>
              {(c) => <input {...c} name="rounds" type="number" min={1} max={20} value={form.rounds} onChange={num('rounds')} />}
            </Field>
          )}
          {form.format === 'arena' && (
            <Field label={t('create.minutes')}>
              {(c) => <input {...c} name="minutes" type="number" min={1} max={1440} value={form.minutes} onChange={num('minutes')} />}
            </Field>
          )}
        </div>
        <div className="tournament-form-checks">
          <label className="check">
            <input type="checkbox" name="rated" checked={form.rated} onChange={(e) => set('rated', e.target.checked)} />
            <span>{t('create.rated')}</span>
          </label>
          {form.format === 'knockout' && (
            <>
              <label className="check">
                <input type="checkbox" name="thirdPlace" checked={form.thirdPlace} onChange={(e) => set('thirdPlace', e.target.checked)} />
                <span>{t('create.thirdPlace')}</span>
              </label>
              <label className="check">
                <input type="checkbox" name="consolation" checked={form.consolation} onChange={(e) => set('consolation', e.target.checked)} />
                <span>{t('create.consolation')}</span>
              </label>
            </>
          )}
          {botsAllowed(form) && (
            <label className="check">
              <input type="checkbox" name="bots" checked={form.bots} onChange={(e) => set('bots', e.target.checked)} />
              <span>{t('create.bots')}</span>
            </label>
          )}
        </div>
        {problem?.field === null && (
          <div className="alert" role="alert">
            {t(problem.key)}
            {problem.detail !== '' && <small className="alert-detail">{problem.detail}</small>}
          </div>
        )}
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('create.submit')}
          </button>
        </div>
      </form>
    </details>
  );
}
