/**
 * The engine's buttons (hint, eval, rollout and its stop) at a chosen depth and with the rollout's settings, and its
 * answers: ranked turns; the five numbers and the cube decision; a rollout's five numbers with their standard errors
 * and the cube applied to them.
 */
import { useMemo, useState } from 'react';
import type { Position } from '@nardy/engine';
import type { Translate } from '../../game/phrase';
import { formats, type Formats } from '../analysis/format';
import { away, type EditState } from './editModel';
import type { CubeVerdict, FiveNumbers, Job, RolloutFigures } from './engineProtocol';
import { RolloutControls } from './RolloutControls';
import { DEFAULT_FORM, settingsOf, type RolloutForm } from './rolloutSettings';
import type { Engine } from './useEngine';

interface Props {
  readonly state: EditState;
  /** The validated position; null while the setup is not one. */
  readonly position: Position | null;
  readonly engine: Engine;
  readonly language: string;
  readonly t: Translate;
}

const PLIES = [0, 1, 2] as const;
const FIVE = ['win', 'winMars', 'winKoks', 'loseMars', 'loseKoks'] as const;

/** The right cube action as one key of `action.*`. */
const rightAction = (r: CubeVerdict): string => (r.action === 'double' ? `double${r.response[0]!.toUpperCase()}${r.response.slice(1)}` : r.action);

export function EnginePanel({ state, position, engine, language, t }: Props) {
  const [ply, setPly] = useState<number>(2);
  const [form, setForm] = useState<RolloutForm>(DEFAULT_FORM);
  const settings = settingsOf(form);
  const f = useMemo(() => formats(language), [language]);
  const { state: s } = engine;
  const busy = s.kind === 'busy';
  const job = (): Job | null => {
    if (!position) return null;
    const a = away(state);
    return { setup: position, cube: state.cube, crawford: state.crawford, ...(a ? { away: a } : {}) };
  };
  const run = (what: 'hint' | 'eval' | 'rollout') => {
    const j = job();
    if (!j) return;
    if (what === 'hint' && state.dice) engine.hint(j, state.dice, ply);
    else if (what === 'eval') engine.evaluate(j, ply);
    else if (what === 'rollout' && settings.ok) engine.rollout(j, settings.value);
  };

  return (
    <section className="card aboard-engine" aria-label={t('engine.title')}>
      <h2>{t('engine.title')}</h2>
      <div className="aboard-row">
        <label className="aboard-field">
          <span>{t('engine.ply')}</span>
          <select value={ply} onChange={(e) => setPly(Number(e.target.value))}>
            {PLIES.map((p) => (
              <option key={p} value={p}>
                {t('engine.plyOption', { count: p })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <RolloutControls form={form} onChange={setForm} t={t} />
      {!settings.ok && (
        <p className="aboard-problem" role="alert">
          {t(settings.problem.key, settings.problem.values ?? {})}
        </p>
      )}
      <div className="aboard-row">
        <button type="button" className="btn btn-primary" disabled={!position || !state.dice || busy} onClick={() => run('hint')}>
          {t('engine.hint')}
        </button>
        <button type="button" className="btn" disabled={!position || busy} onClick={() => run('eval')}>
          {t('engine.eval')}
        </button>
        <button type="button" className="btn" disabled={!position || busy || !settings.ok} onClick={() => run('rollout')}>
          {t('engine.rollout')}
        </button>
        {busy && s.task === 'rollout' && (
          <button type="button" className="btn btn-danger" onClick={engine.stop}>
            {t('engine.stop')}
          </button>
        )}
      </div>
      {position && !state.dice && <p className="muted">{t('engine.needDice')}</p>}
      <div aria-live="polite">
        {s.kind === 'busy' &&
          (s.done !== undefined && s.total !== undefined ? (
            <>
              <progress max={s.total} value={s.done} className="aboard-progress" />
              <p>{t('engine.progress', { done: s.done, total: s.total })}</p>
              {s.estimate && <Rollout r={s.estimate} f={f} t={t} />}
            </>
          ) : (
            <p>{t('engine.loading')}</p>
          ))}
        {s.kind === 'error' && (
          <p className="aboard-problem" role="alert">
            {s.loading ? t('engine.loadFailed') : t('engine.failed', { message: s.message })}
          </p>
        )}
        {s.kind === 'hint' && (s.turns.length > 0 ? <Turns turns={s.turns} f={f} t={t} /> : <p>{t('engine.noTurns')}</p>)}
        {s.kind === 'eval' && (
          <>
            <Chances p={s.result.probabilities} equity={s.result.equity} f={f} t={t} />
            <Cube v={s.result} caption={t('engine.cube')} f={f} t={t} />
          </>
        )}
        {s.kind === 'rollout' && (
          <>
            <p>{t(s.stopped ? 'engine.rolloutStopped' : 'engine.rolloutDone', { count: s.result.trials })}</p>
            <Rollout r={s.result} f={f} t={t} />
          </>
        )}
      </div>
    </section>
  );
}

/** A rollout's figures: the five numbers with their standard errors, then the cube applied to them, and what that means. */
function Rollout({ r, f, t }: { readonly r: RolloutFigures; readonly f: Formats; readonly t: Translate }) {
  return (
    <>
      <Chances p={r.probabilities} equity={r.equity} errors={{ ...r.errors, equity: r.error }} f={f} t={t} />
      <Cube v={r.cube} caption={t('engine.rolloutCube')} f={f} t={t} />
      <p className="muted aboard-note">{t('engine.cubeNote')}</p>
    </>
  );
}

/** The cube decision on a set of chances: its three equities, the right action and the cubeful equity of the position. */
function Cube({ v, caption, f, t }: { readonly v: CubeVerdict; readonly caption: string; readonly f: Formats; readonly t: Translate }) {
  return (
    <>
      <p className="analysis-caption">{caption}</p>
      <table className="analysis-table">
        <tbody>
          {(['noDouble', 'take', 'pass'] as const).map((k) => (
            <tr key={k}>
              <th scope="row">{t(`cubeRow.${k}`)}</th>
              <td>{f.equity(v[k])}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('engine.cubeful')}</th>
            <td>{f.equity(v.cubeful)}</td>
          </tr>
        </tbody>
      </table>
      <p className="analysis-right">{t('engine.right', { action: t(`action.${rightAction(v)}`) })}</p>
    </>
  );
}

function Chances({
  p,
  equity,
  errors,
  f,
  t,
}: {
  readonly p: FiveNumbers;
  readonly equity: number;
  /** A rollout's standard errors, shown as ± under each figure. */
  readonly errors?: FiveNumbers & { readonly equity: number };
  readonly f: Formats;
  readonly t: Translate;
}) {
  return (
    <div className="analysis-table-wrap">
      <table className="analysis-table" aria-label={t('engine.probabilities')}>
        <thead>
          <tr>
            <th scope="col">{t('engine.cubeless')}</th>
            {FIVE.map((k) => (
              <th key={k} scope="col">
                {t(`cols.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{f.equity(equity)}</td>
            {FIVE.map((k) => (
              <td key={k}>{f.percent(p[k])}</td>
            ))}
          </tr>
          {errors && (
            // Under each figure its standard error, a row of its own so that the table stays as narrow as the eval's.
            <tr className="aboard-errors">
              <td>{t('engine.standardError', { error: f.equity(errors.equity).replace(/^\+/, '') })}</td>
              {FIVE.map((k) => (
                <td key={k}>{t('engine.standardError', { error: f.percent(errors[k]) })}</td>
              ))}
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function Turns({
  turns,
  f,
  t,
}: {
  readonly turns: readonly { move: string; equity: number; probabilities: FiveNumbers }[];
  readonly f: Formats;
  readonly t: Translate;
}) {
  return (
    <>
      <p className="analysis-caption" id="aboard-candidates">
        {t('engine.candidates')}
      </p>
      <div className="analysis-table-wrap">
        <table className="analysis-table aboard-turns" aria-labelledby="aboard-candidates">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('cols.turn')}</th>
              <th scope="col">{t('cols.equity')}</th>
              {FIVE.map((k) => (
                <th key={k} scope="col">
                  {t(`cols.${k}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {turns.slice(0, 10).map((r, i) => (
              <tr key={`${i}-${r.move}`}>
                <td>{i + 1}</td>
                <th scope="row">{r.move === 'Ø' ? t('engine.noMove') : r.move}</th>
                <td>{f.equity(r.equity)}</td>
                {FIVE.map((k) => (
                  <td key={k}>{f.percent(r.probabilities[k])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
