import type { UserRef } from '@nardy/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../app/Field';
import { describeError, notices, showError } from '../../app/notices';
import { useProfile } from '../../app/session';
import { useLinkStatus, useServices } from '../../app/services';
import { paths } from '../../router';
import { resolveOpponent } from './lobbyState';
import { TableSettingsFields } from './TableSettingsFields';
import { BOT_LEVELS } from './presets';
import { formFromSettings, problem, toBotSettings, toPool, toSettingsInput, type TableForm } from './tableForm';

/** The ways to start a game from the lobby (protocol §4). */
export const MODES = ['seek', 'quick', 'bot', 'challenge', 'table'] as const;
export type Mode = (typeof MODES)[number];

/**
 * "New game": one table-settings form and five ways to use it — open a seek, quick pairing, play a bot,
 * challenge a user, or a private table with a link to share. A refused command shows the server's reason here.
 */
export function NewGame({ initialMode, known }: { readonly initialMode: Mode; readonly known: readonly UserRef[] }) {
  const { t } = useTranslation(['tableForm', 'lobby'], { nsMode: 'fallback' });
  const { link, session, challenges, navigate } = useServices();
  const profile = useProfile(session);
  const status = useLinkStatus(link);
  const guest = profile?.guest ?? link.me?.guest ?? true;
  const [mode, setMode] = useState<Mode>(initialMode);
  const [form, setForm] = useState<TableForm>(() => formFromSettings(profile?.preferredSettings ?? null, !guest));
  const [level, setLevel] = useState(4);
  const [opponent, setOpponent] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ key: string } | null>(null);
  const [pooled, setPooled] = useState(false);
  const [tableUrl, setTableUrl] = useState<string | null>(null);
  const tableLink = useRef<HTMLDivElement>(null);
  // The link comes below the long form: bring it into view (a phone would not see it at all otherwise).
  useEffect(() => {
    if (tableUrl !== null) tableLink.current?.scrollIntoView({ block: 'nearest' });
  }, [tableUrl]);

  // The server forgets a pool entry when the socket goes.
  useEffect(() => {
    if (status === 'offline') setPooled(false);
  }, [status]);

  // Guests play neither rated nor for chips (the server refuses both).
  const sendable: TableForm = { ...form, rated: form.rated && !guest, stake: guest ? 0 : form.stake };
  const objection = problem(sendable);

  const run = (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    work()
      .catch((e: unknown) => setFailure(describeError(e)))
      .finally(() => setBusy(false));
  };

  const submit = () => {
    switch (mode) {
      case 'seek':
        return run(async () => {
          await link.send({ type: 'seek.create', settings: toSettingsInput(sendable) });
          notices.showInfo('lobby:seek.created');
        });
      case 'quick':
        return run(async () => {
          await link.send({ type: 'quickPair.join', pool: toPool(sendable) });
          setPooled(true);
        });
      case 'bot':
        return run(async () => {
          const r = await link.send({ type: 'bot.play', level, settings: toBotSettings(sendable) });
          if (r?.kind === 'game') navigate(paths.game(r.gameId));
        });
      case 'challenge': {
        const to = resolveOpponent(opponent, known);
        if (!to) return setFailure({ key: 'lobby:challenge.whom' });
        return run(async () => {
          const settings = toSettingsInput(sendable);
          const r = await link.send({ type: 'challenge.send', to: to.userId, settings });
          if (r?.kind === 'challenge') challenges.addOutgoing({ challengeId: r.challengeId, to, settings });
        });
      }
      case 'table':
        return run(async () => {
          const r = await link.send({ type: 'table.create', settings: toSettingsInput(sendable) });
          if (r?.kind === 'table') setTableUrl(`${globalThis.location.origin}${paths.table(r.token)}`);
        });
    }
  };

  const leavePool = () => {
    link
      .send({ type: 'quickPair.leave' })
      .then(() => setPooled(false))
      .catch(showError);
  };

  const copy = (url: string) => {
    const clipboard = globalThis.navigator?.clipboard;
    if (!clipboard) return;
    clipboard.writeText(url).then(
      () => notices.showInfo('tableForm:table.copied'),
      () => {},
    );
  };

  return (
    <section className="card new-game" aria-labelledby="new-game-title">
      <h2 id="new-game-title">{t('newGame.title')}</h2>
      <div className="segmented" role="group" aria-label={t('newGame.how')}>
        {MODES.map((m) => (
          <button
            key={m}
            type="button"
            className="btn btn-small"
            aria-pressed={mode === m}
            onClick={() => {
              setMode(m);
              setFailure(null);
            }}
          >
            {t(`newGame.mode.${m}`)}
          </button>
        ))}
      </div>
      <p className="field-hint">{t(`newGame.hint.${mode}`)}</p>

      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {mode === 'challenge' && (
          <Field label={t('challenge.opponent')} hint={t('challenge.opponentHint')}>
            {(control) => (
              <>
                <input
                  {...control}
                  type="text"
                  name="opponent"
                  list="lobby-known-users"
                  autoComplete="off"
                  value={opponent}
                  onChange={(e) => setOpponent(e.target.value)}
                />
                <datalist id="lobby-known-users">
                  {known.map((u) => (
                    <option key={u.userId} value={u.name} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
        )}
        {mode === 'bot' && (
          <Field label={t('bot.level')}>
            {(control) => (
              <select {...control} name="botLevel" value={level} onChange={(e) => setLevel(Number(e.target.value))}>
                {BOT_LEVELS.map((n) => (
                  <option key={n} value={n}>
                    {t('bot.levelOption', { level: n })}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}

        <TableSettingsFields form={form} onChange={setForm} part={mode === 'quick' ? 'pool' : mode === 'bot' ? 'bot' : 'table'} guest={guest} />

        {objection !== null && (
          <p className="alert" role="alert">
            {t('errors:BAD_OPTIONS')}
            <small>{objection}</small>
          </p>
        )}
        {failure && (
          <p className="alert" role="alert">
            {t(failure.key)}
          </p>
        )}

        {mode === 'quick' && pooled ? (
          <div className="actions waiting" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>{t('quick.waiting')}</span>
            <button type="button" className="btn" onClick={leavePool}>
              {t('quick.leave')}
            </button>
          </div>
        ) : (
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={busy || objection !== null}>
              {t(`newGame.submit.${mode}`)}
            </button>
          </div>
        )}
      </form>

      {mode === 'table' && tableUrl !== null && (
        <div className="table-link" ref={tableLink}>
          <Field label={t('table.share')}>{(control) => <input {...control} type="url" readOnly value={tableUrl} onFocus={(e) => e.target.select()} />}</Field>
          <div className="actions">
            <button type="button" className="btn" onClick={() => copy(tableUrl)}>
              {t('table.copy')}
            </button>
          </div>
          <p className="field-hint">{t('table.waiting')}</p>
        </div>
      )}
    </section>
  );
}
