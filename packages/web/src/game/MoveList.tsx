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
  readonly t: Translate;
  /** Makes each move a button that jumps there (the replay); the live room's list is read only. */
  readonly onPick?: (entry: MoveEntry) => void;
}

/** The match's moves in notation, a heading per game; the current one highlighted and kept in view. */
export function MoveList({ entries, names, variant, current, t, onPick }: Props) {
  const currentRef = useRef<HTMLLIElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // Keep the current entry (or the newest) in view by scrolling the list itself, never the page.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const target = currentRef.current;
    if (!target) {
      list.scrollTop = list.scrollHeight;
      return;
    }
    const top = target.offsetTop;
    if (top < list.scrollTop || top + target.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }, [current, entries.length]);
  return (
    <section className="moves" aria-label={t('moves.title')}>
      <h3 className="moves-title">{t('moves.title')}</h3>
      {entries.length === 0 ? (
        <p className="empty">{t('moves.empty')}</p>
      ) : (
        <ol className="moves-list" ref={listRef}>
          {entries.map((e, i) => (
            <Fragment key={`${e.at}:${e.kind}`}>
              {(i === 0 || entries[i - 1]!.game !== e.game) && <li className="moves-game">{t('moves.game', { number: e.game })}</li>}
              <li
                ref={e === current ? currentRef : undefined}
                className={`moves-entry moves-entry--${e.kind}${e === current ? ' moves-entry--current' : ''}`}
                aria-current={e === current ? 'step' : undefined}
              >
                {onPick ? (
                  <button type="button" className="moves-jump" onClick={() => onPick(e)}>
                    {say(t, entryPhrase(e, names, variant))}
                  </button>
                ) : (
                  say(t, entryPhrase(e, names, variant))
                )}
              </li>
            </Fragment>
          ))}
        </ol>
      )}
    </section>
  );
}
