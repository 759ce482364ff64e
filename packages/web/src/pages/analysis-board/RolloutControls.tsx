/** The rollout's settings in the engine panel: trials (a preset or one's own number), truncation, dice seed, luck adjustment. */
import { useId } from 'react';
import type { Translate } from '../../game/phrase';
import { MAX_SEED, MAX_TRIALS, MAX_TRUNCATE, TRIAL_PRESETS, type RolloutForm } from './rolloutSettings';

interface Props {
  readonly form: RolloutForm;
  readonly onChange: (form: RolloutForm) => void;
  readonly t: Translate;
}

export function RolloutControls({ form, onChange, t }: Props) {
  const set = (patch: Partial<RolloutForm>) => onChange({ ...form, ...patch });
  // Each field named by its own label alone (a label wrapped round a select would also read out its options).
  const id = useId();
  return (
    <fieldset className="aboard-rollout">
      <legend>{t('engine.rolloutSettings')}</legend>
      <div className="aboard-row">
        <div className="aboard-field">
          <label htmlFor={`${id}-trials`}>{t('engine.trials')}</label>
          <select id={`${id}-trials`} value={form.trials} onChange={(e) => set({ trials: e.target.value })}>
            {TRIAL_PRESETS.map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
            <option value="custom">{t('engine.customTrials')}</option>
          </select>
        </div>
        {form.trials === 'custom' && (
          <div className="aboard-field">
            <label htmlFor={`${id}-count`}>{t('engine.trialCount')}</label>
            <input
              id={`${id}-count`}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_TRIALS}
              value={form.customTrials}
              onChange={(e) => set({ customTrials: e.target.value })}
            />
          </div>
        )}
        <div className="aboard-field">
          <label htmlFor={`${id}-seed`}>{t('engine.seed')}</label>
          <input id={`${id}-seed`} type="number" inputMode="numeric" min={0} max={MAX_SEED} value={form.seed} onChange={(e) => set({ seed: e.target.value })} />
        </div>
      </div>
      <div className="aboard-row">
        <label className="aboard-check">
          <input type="checkbox" checked={form.truncate} onChange={(e) => set({ truncate: e.target.checked })} />
          {t('engine.truncate')}
        </label>
        {form.truncate && (
          <label className="aboard-check">
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_TRUNCATE}
              value={form.truncateAt}
              aria-label={t('engine.truncateAt')}
              onChange={(e) => set({ truncateAt: e.target.value })}
            />
            {t('engine.halfMoves')}
          </label>
        )}
      </div>
      <label className="aboard-check">
        <input type="checkbox" checked={form.luck} onChange={(e) => set({ luck: e.target.checked })} />
        {t('engine.luck')}
      </label>
    </fieldset>
  );
}
