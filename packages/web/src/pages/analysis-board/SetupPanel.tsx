/** The editor's controls: variant and fresh boards, whose checkers a click places or removes, side on roll, dice, cube, match and score. */
import { MAX_MATCH_LENGTH, VARIANT_IDS, isVariantId, type Color, type Die } from '@nardy/engine';
import type { Translate } from '../../game/phrase';
import { CUBE_VALUES, newEdit, restOff, withOnRoll, type EditMode, type EditState } from './editModel';

interface Props {
  readonly state: EditState;
  readonly side: Color;
  readonly mode: EditMode;
  readonly onSide: (c: Color) => void;
  readonly onMode: (m: EditMode) => void;
  readonly onChange: (s: EditState) => void;
  readonly t: Translate;
}

const COLOURS = ['white', 'black'] as const;
const DIE_VALUES = [1, 2, 3, 4, 5, 6] as const;
const LENGTHS = Array.from({ length: MAX_MATCH_LENGTH + 1 }, (_, i) => i);

export function SetupPanel({ state, side, mode, onSide, onMode, onChange, t }: Props) {
  const set = (patch: Partial<EditState>) => onChange({ ...state, ...patch });
  const die = (i: 0 | 1, value: string) => {
    if (value === '') return set({ dice: null });
    const d = Number(value) as Die;
    const [a, b] = state.dice ?? [d, d];
    set({ dice: i === 0 ? [d, b] : [a, d] });
  };
  const toggle = <T extends string>(name: string, value: T, options: readonly T[], label: (o: T) => string, on: (o: T) => void) => (
    <div className="aboard-toggle" role="radiogroup" aria-label={name}>
      {options.map((o) => (
        <button
          key={o}
          type="button"
          role="radio"
          aria-checked={o === value}
          className={`btn btn-small${o === value ? ' btn-primary' : ''}`}
          onClick={() => on(o)}
        >
          {label(o)}
        </button>
      ))}
    </div>
  );
  return (
    <section className="card aboard-setup" aria-label={t('setup.title')}>
      <h2>{t('setup.title')}</h2>
      <label className="aboard-field">
        <span>{t('setup.variant')}</span>
        <select value={state.variant} onChange={(e) => isVariantId(e.target.value) && onChange(newEdit(e.target.value, 'start'))}>
          {VARIANT_IDS.map((v) => (
            <option key={v} value={v}>
              {t(`common:variant.${v}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="aboard-row">
        <button type="button" className="btn btn-small" onClick={() => onChange(newEdit(state.variant, 'start'))}>
          {t('setup.start')}
        </button>
        <button type="button" className="btn btn-small" onClick={() => onChange(newEdit(state.variant, 'empty'))}>
          {t('setup.empty')}
        </button>
        <button type="button" className="btn btn-small" onClick={() => onChange(restOff(state))}>
          {t('setup.restOff')}
        </button>
      </div>
      <p className="muted">{t('setup.howTo')}</p>
      <div className="aboard-row">
        <span>{t('setup.side')}</span>
        {toggle(t('setup.side'), side, COLOURS, (c) => t(`color.${c}`), onSide)}
      </div>
      <div className="aboard-row">
        <span>{t('setup.mode')}</span>
        {toggle(t('setup.mode'), mode, ['add', 'remove'] as const, (m) => t(`setup.${m}`), onMode)}
      </div>
      <div className="aboard-row">
        <span>{t('setup.onRoll')}</span>
        {toggle(
          t('setup.onRoll'),
          state.turn,
          COLOURS,
          (c) => t(`color.${c}`),
          (c) => onChange(withOnRoll(state, c)),
        )}
      </div>
      <div className="aboard-row">
        <span>{t('setup.dice')}</span>
        {([0, 1] as const).map((i) => (
          <select key={i} aria-label={`${t('setup.dice')} ${i + 1}`} value={state.dice ? String(state.dice[i]) : ''} onChange={(e) => die(i, e.target.value)}>
            <option value="">{t('setup.noDice')}</option>
            {DIE_VALUES.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        ))}
      </div>
      <div className="aboard-row">
        <label className="aboard-field">
          <span>{t('setup.cube')}</span>
          <select value={state.cube.value} onChange={(e) => set({ cube: { ...state.cube, value: Number(e.target.value) } })}>
            {CUBE_VALUES.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <label className="aboard-field">
          <span>{t('setup.owner')}</span>
          <select
            value={state.cube.owner ?? ''}
            onChange={(e) => set({ cube: { ...state.cube, owner: e.target.value === '' ? null : (e.target.value as Color) } })}
          >
            <option value="">{t('setup.centred')}</option>
            {COLOURS.map((c) => (
              <option key={c} value={c}>
                {t(`color.${c}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="aboard-row">
        <label className="aboard-field">
          <span>{t('setup.match')}</span>
          <select value={state.matchLength} onChange={(e) => set({ matchLength: Number(e.target.value), score: { white: 0, black: 0 }, crawford: false })}>
            {LENGTHS.map((n) => (
              <option key={n} value={n}>
                {n === 0 ? t('setup.money') : n}
              </option>
            ))}
          </select>
        </label>
        {state.matchLength > 0 &&
          COLOURS.map((c) => (
            <label key={c} className="aboard-field">
              <span>{t('setup.score', { color: t(`color.${c}`) })}</span>
              <select value={state.score[c]} onChange={(e) => set({ score: { ...state.score, [c]: Number(e.target.value) } })}>
                {LENGTHS.slice(0, state.matchLength).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          ))}
      </div>
      {state.matchLength > 0 && (
        <label className="aboard-check">
          <input type="checkbox" checked={state.crawford} onChange={(e) => set({ crawford: e.target.checked })} />
          {t('setup.crawford')}
        </label>
      )}
    </section>
  );
}
