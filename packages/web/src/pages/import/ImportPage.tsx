/**
 * `/import`: a `.mat` file from GNU Backgammon, XG or this site — picked, dropped or pasted — is uploaded
 * (`POST /api/imports`) and opens in the analysis view, which asks for its analysis. A broken file's error names its
 * line. Below, the matches this player imported before.
 */
import type { ImportList } from '@nardy/protocol';
import { useEffect, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services';
import { paths } from '../../router';
import { myImports, uploadMat, type UploadError } from './uploadMat';
import './import.css';

/** The codes a broken file can give (the engine's, as `.mat` reading reports them): worded for a file here. */
const FILE_CODES = new Set([
  'BAD_NOTATION',
  'ILLEGAL_TURN',
  'ILLEGAL_STEP',
  'BAD_DICE',
  'WRONG_PHASE',
  'NOT_YOUR_TURN',
  'CUBE_NOT_ALLOWED',
  'BAD_VARIANT',
  'BAD_OPTIONS',
]);

type State = { readonly kind: 'idle' } | { readonly kind: 'sending' } | { readonly kind: 'failed'; readonly error: UploadError };

export function ImportPage() {
  // 'errors' too: a refusal that is not the file's (too large, too many, offline) is worded there.
  const { t } = useTranslation(['imports', 'errors']);
  const { navigate } = useServices();
  const [text, setText] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const [list, setList] = useState<ImportList['imports'] | null>(null);

  useEffect(() => {
    let current = true;
    void myImports().then((l) => current && setList(l));
    return () => {
      current = false;
    };
  }, []);

  const send = (body: string, fileName: string) => {
    setState({ kind: 'sending' });
    uploadMat(body, fileName).then(
      // With its watch token: the address is the link to give to others.
      (r) => navigate(paths.analysis(r.gameId, r.watchToken)),
      (e: UploadError) => setState({ kind: 'failed', error: e }),
    );
  };
  const sendFile = (file: File | undefined) => {
    if (file) void file.text().then((body) => send(body, file.name));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    sendFile(e.dataTransfer.files[0]);
  };

  const error = state.kind === 'failed' ? state.error : null;
  const what = error === null ? '' : FILE_CODES.has(error.code) ? t(`codes.${error.code}`) : t(`errors:${error.code}`);

  return (
    <div className="import-page">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <section
        className={`card import-drop${dragging ? ' dragging' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {/* The browser's own file button speaks the browser's language: a label of ours stands in for it. */}
        <label className="btn import-pick">
          {t('pick')}
          <input
            type="file"
            name="mat"
            className="visually-hidden"
            accept=".mat,.txt,text/plain"
            disabled={state.kind === 'sending'}
            onChange={(e) => sendFile(e.target.files?.[0])}
          />
        </label>
        <p className="muted">{t('drop')}</p>
        <label className="import-paste">
          <span>{t('paste')}</span>
          <textarea name="text" rows={8} wrap="off" spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} placeholder=" 5 point match" />
        </label>
        <button type="button" className="btn btn-primary" disabled={state.kind === 'sending' || text.trim() === ''} onClick={() => send(text, 'pasted.mat')}>
          {state.kind === 'sending' ? t('sending') : t('send')}
        </button>
      </section>
      {error && (
        <p className="import-error" role="alert">
          {error.line !== null && error.line > 0 ? t('errorAtLine', { line: error.line, what }) : t('error', { what })}
        </p>
      )}
      <section className="card" aria-labelledby="import-mine">
        <h2 id="import-mine">{t('mine')}</h2>
        {list === null ? null : list.length === 0 ? (
          <p className="muted">{t('none')}</p>
        ) : (
          <ul className="import-list">
            {list.map((m) => (
              <li key={m.gameId}>
                <a href={paths.analysis(m.gameId, m.watchToken)}>{t('match', { p1: m.names.p1, p2: m.names.p2 })}</a>{' '}
                <span className="muted">
                  {m.matchLength === 0 ? t('money') : t('length', { count: m.matchLength })} · {m.score.p1}:{m.score.p2} · {m.fileName}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
