import type { BySeat, VariantId } from '@nardy/engine';
import { Fragment, useEffect, useRef } from 'react';
import type { MoveEntry } from './moveList';
import { entryPhrase } from './movePhrases';
import { say, type Translate } from './phrase';

interface Props {
  readonly entries: readonly MoveEntry[];
  readonly names: BySeat<string>;
  readonly variant: VariantId;
  /** The entry to highlight (the replay's step), or null. */
  readonly current: MoveEntry | null;
  /** The list may miss earlier moves (a live game opened midway). */
  readonly partial: boolean;
  readonly t: Translate;
}

/** The match's moves in notation, a heading per game; the current one highlighted and kept in view. */
export function MoveList({ entries, names, variant, current, partial, t }: Props) {
  const currentRef = useRef<HTMLLIElement>(null);
  const endRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (current) currentRef.current?.scrollIntoView?.({ block: 'nearest' });
    else endRef.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [current, entries.length]);
  return (
    <section className="moves" aria-label={t('moves.title')}>
      <h3 className="moves-title">{t('moves.title')}</h3>
      {partial && <p className="moves-note muted">{t('moves.partial')}</p>}
      {entries.length === 0 ? (
        <p className="empty">{t('moves.empty')}</p>
      ) : (
        <ol className="moves-list" ref={endRef}>
          {entries.map((e, i) => (
            <Fragment key={`${e.at}:${e.kind}`}>
              {(i === 0 || entries[i - 1]!.game !== e.game) && (
                <li className="moves-game">
                  {t('moves.game', { number: e.game })}
                </li>
              )}
              <li
                ref={e === current ? currentRef : undefined}
                className={`moves-entry moves-entry--${e.kind}${e === current ? ' moves-entry--current' : ''}`}
                aria-current={e === current ? 'step' : undefined}
              >
                {say(t, entryPhrase(e, names, variant))}
              </li>
            </Fragment>
          ))}
        </ol>
      )}
    </section>
  );
}
