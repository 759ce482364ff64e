/** The IDs of the position on the board, to copy, and fields to paste IDs into and set the board up from them. */
import { useEffect, useState } from 'react';
import type { Translate } from '../../game/phrase';
import type { EditState, Problem } from './editModel';
import { fromIds, type Ids } from './ids';

interface Props {
  readonly state: EditState;
  /** The board's IDs; null while it is not a valid position. */
  readonly ids: Ids | null;
  readonly onLoad: (s: EditState) => void;
  readonly onProblem: (p: Problem) => void;
  readonly t: Translate;
}

export function IdsPanel({ state, ids, onLoad, onProblem, t }: Props) {
  const [position, setPosition] = useState(ids?.position ?? '');
  const [match, setMatch] = useState(ids?.match ?? '');
  const [copied, setCopied] = useState(false);
  // The fields follow the board; what is typed stays until the board changes.
  useEffect(() => {
    if (!ids) return;
    setPosition(ids.position);
    setMatch(ids.match);
    setCopied(false);
  }, [ids]);

  const load = () => {
    const r = fromIds(state.variant, position, match);
    if (r.ok) onLoad(r.value);
    else onProblem(r.problem);
  };
  const copy = () => {
    const clipboard = globalThis.navigator?.clipboard;
    if (!ids || !clipboard) return;
    clipboard.writeText(`${ids.position}:${ids.match}`).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <section className="card aboard-ids" aria-label={t('ids.title')}>
      <h2>{t('ids.title')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          load();
        }}
      >
        <label className="aboard-field aboard-id">
          <span>{t('ids.position')}</span>
          <input value={position} onChange={(e) => setPosition(e.target.value)} spellCheck={false} autoComplete="off" />
        </label>
        <label className="aboard-field aboard-id">
          <span>{t('ids.match')}</span>
          <input value={match} onChange={(e) => setMatch(e.target.value)} spellCheck={false} autoComplete="off" />
        </label>
        <div className="aboard-row">
          <button type="submit" className="btn btn-small btn-primary">
            {t('ids.load')}
          </button>
          <button type="button" className="btn btn-small" disabled={!ids} onClick={copy}>
            {copied ? t('ids.copied') : t('ids.copy')}
          </button>
        </div>
      </form>
      <p className="muted">{t('ids.hint')}</p>
    </section>
  );
}
