import type { BySeat } from '@nardy/engine';
import { Fragment, useEffect, useRef } from 'react';
import type { Translate } from '../../game/phrase';
import { MARK_SIGN, type Decision } from './analysisModel';

interface Props {
  readonly decisions: readonly Decision[];
  readonly names: BySeat<string>;
  readonly current: number;
  readonly onPick: (index: number) => void;
  readonly t: Translate;
}

const LUCK_SIGN = { veryLucky: '++', lucky: '+', none: '', unlucky: '−', veryUnlucky: '−−' } as const;

/** One decision as a line of the list: the turn (dice and move) or the cube action. */
export function decisionLine(d: Decision, names: BySeat<string>, t: Translate): string {
  const name = names[d.player];
  if (d.kind === 'move') return t('row.move', { move: d.move, name, dice: `${d.dice[0]}-${d.dice[1]}`, played: d.played || t('row.noMove') });
  return t('row.cube', { move: d.move, name, action: t(`action.${d.played}`) });
}

/** Every decision of the match, a heading per game, with gnubg's marks; each jumps there. */
export function DecisionList({ decisions, names, current, onPick, t }: Props) {
  const list = useRef<HTMLOListElement>(null);
  // Keep the current decision in view by scrolling the list itself, never the page.
  useEffect(() => {
    const box = list.current;
    const item = box?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!box || !item) return;
    if (item.offsetTop < box.scrollTop || item.offsetTop + item.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = item.offsetTop - box.clientHeight / 2;
  }, [current]);
  return (
    <section className="card analysis-list" aria-label={t('list.title')}>
      <h2>{t('list.title')}</h2>
      <ol ref={list}>
        {decisions.map((d, i) => (
          <Fragment key={i}>
            {(i === 0 || decisions[i - 1]!.game !== d.game) && <li className="analysis-list-game">{t('list.game', { number: d.game })}</li>}
            <li aria-current={i === current ? 'step' : undefined} className={`analysis-list-item analysis-mark--${d.mark}`}>
              <button type="button" onClick={() => onPick(i)}>
                <span>{decisionLine(d, names, t)}</span>
                {d.mark !== 'none' && (
                  <span className="analysis-mark" title={t(`mark.${d.mark}`)}>
                    {' '}
                    {MARK_SIGN[d.mark]}
                  </span>
                )}
                {d.kind === 'move' && d.book && <span className="chip">{t('book')}</span>}
                {d.kind === 'move' && d.luck && d.luck.mark !== 'none' && (
                  <span className={`analysis-luck analysis-luck--${d.luck.mark}`} title={t(`luck.${d.luck.mark}`)}>
                    {LUCK_SIGN[d.luck.mark]}
                    <span className="visually-hidden">{t(`luck.${d.luck.mark}`)}</span>
                  </span>
                )}
              </button>
            </li>
          </Fragment>
        ))}
      </ol>
    </section>
  );
}
