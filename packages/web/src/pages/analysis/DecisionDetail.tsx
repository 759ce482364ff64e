import type { BySeat } from '@nardy/engine';
import type { Translate } from '../../game/phrase';
import { MARK_SIGN, rightCubeAction, type CubeDecision, type Decision, type MoveDecision } from './analysisModel';
import type { Formats } from './format';

interface Props {
  readonly decision: Decision;
  readonly names: BySeat<string>;
  readonly f: Formats;
  readonly t: Translate;
}

const PROBABILITIES = ['win', 'winMars', 'winKoks', 'loseMars', 'loseKoks'] as const;

/** The selected decision as the engine judged it: the best turns or the cube's three equities, and the error. */
export function DecisionDetail({ decision: d, names, f, t }: Props) {
  return (
    <section className="card analysis-detail" aria-label={t('detail.title')}>
      <p className="analysis-verdict">
        {d.error > 0 ? t('detail.error', { error: f.equity(-d.error) }) : t('detail.best')}
        {d.mark !== 'none' && ` ${MARK_SIGN[d.mark]} ${t(`mark.${d.mark}`)}`}
        {!d.unforced && ` · ${t('detail.forced')}`}
      </p>
      {d.kind === 'move' ? <Turns d={d} f={f} t={t} /> : <Cube d={d} names={names} f={f} t={t} />}
    </section>
  );
}

function Turns({ d, f, t }: { readonly d: MoveDecision; readonly f: Formats; readonly t: Translate }) {
  return (
    <>
      {d.luck && (
        <p className="muted">
          {t('detail.luck', { dice: `${d.dice[0]}-${d.dice[1]}`, luck: f.equity(d.luck.luck) })}
          {d.luck.mark !== 'none' && ` · ${t(`luck.${d.luck.mark}`)}`}
        </p>
      )}
      <p className="analysis-caption" id="analysis-candidates">
        {t('detail.candidates')}
      </p>
      <div className="analysis-table-wrap">
        <table className="analysis-table" aria-labelledby="analysis-candidates">
          <thead>
            <tr>
              <th scope="col">{t('cols.turn')}</th>
              <th scope="col">{t('cols.equity')}</th>
              {PROBABILITIES.map((p) => (
                <th key={p} scope="col">
                  {t(`cols.${p}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {d.candidates.map((c) => (
              <tr key={c.move} className={c.move === d.played ? 'analysis-played' : undefined} aria-current={c.move === d.played ? 'true' : undefined}>
                <th scope="row">{c.move || t('row.noMove')}</th>
                <td>{f.equity(c.equity)}</td>
                {PROBABILITIES.map((p) => (
                  <td key={p}>{f.percent(c.probabilities[p])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Cube({ d, names, f, t }: { readonly d: CubeDecision; readonly names: BySeat<string>; readonly f: Formats; readonly t: Translate }) {
  const doubler = d.kind === 'double' ? d.player : d.player === 'p1' ? 'p2' : 'p1';
  const rows = [
    ['noDouble', d.cube.noDouble],
    ['take', d.cube.take],
    ['pass', d.cube.pass],
  ] as const;
  return (
    <>
      <p>{t('cube.played', { name: names[d.player], action: t(`action.${d.played}`) })}</p>
      <p className="analysis-caption" id="analysis-cube">
        {t('cube.title', { name: names[doubler] })}
      </p>
      <table className="analysis-table" aria-labelledby="analysis-cube">
        <tbody>
          {rows.map(([key, equity]) => (
            <tr key={key}>
              <th scope="row">{t(`cube.${key}`)}</th>
              <td>{f.equity(equity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="analysis-right">{t('cube.right', { action: t(`right.${rightCubeAction(d)}`) })}</p>
    </>
  );
}
