import type { TFunction } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../app/notices';
import { useProfile } from '../../app/session';
import { useLinkStatus, useServices } from '../../app/services';
import { paths } from '../../router';
import { describeClock, describeLength } from './describe';
import type { Mode } from './NewGame';
import { BOT_LEVELS, presetPool, presetRows, type Preset, type PresetGroup } from './presets';

/** A tile's full name, as a screen reader says it: variant, length, clock. */
export function presetName(t: TFunction, p: Preset): string {
  const length = describeLength(p.matchLength);
  const clock = describeClock(presetPool(p, false).timeControl);
  return [t(`common:variant.${p.variant}`), t(length.key, length.params), t(clock.key, clock.params)].join(', ');
}

/** A row of tiles under its name and clock (the rows' presets share their clock). */
export function PresetRow({
  group,
  presets,
  tile,
}: {
  readonly group: PresetGroup;
  readonly presets: readonly Preset[];
  readonly tile: (p: Preset) => ReactNode;
}) {
  const { t } = useTranslation('lobby');
  const clock = describeClock(presetPool(presets[0]!, false).timeControl);
  return (
    <li className={`preset-row preset-row--${group}`}>
      <div className="preset-row-head">
        <strong>{group === 'money' ? t('describe.money') : t(`common:variant.${group}`)}</strong>
        <small>{t(clock.key, clock.params)}</small>
      </div>
      <ul className="preset-tiles">
        {presets.map((p) => (
          <li key={p.id}>{tile(p)}</li>
        ))}
      </ul>
    </li>
  );
}

/** What a tile says: the length, or the variant of a money game (its row says "money"). */
export const tileText = (t: TFunction, p: Preset): string =>
  p.matchLength === 0 ? t(`common:variant.${p.variant}`) : t('lobby:form.points', { count: p.matchLength });

/**
 * The lobby's first screen: one click to play. A tile waits in its quick-pairing pool (cancel to leave it); the
 * computer at the chosen level plays at once under the player's saved settings; "Play a friend" opens the full
 * form (`custom`) on its private-table way, "Custom" opens or closes it.
 */
export function FirstScreen({ custom, onCustom }: { readonly custom: Mode | null; readonly onCustom: (mode: Mode | null) => void }) {
  const { t } = useTranslation('lobby');
  const { link, session, navigate } = useServices();
  const profile = useProfile(session);
  const status = useLinkStatus(link);
  const guest = profile?.guest ?? link.me?.guest ?? true;
  const [waiting, setWaiting] = useState<Preset['id'] | null>(null);
  const [level, setLevel] = useState(4);
  const [busy, setBusy] = useState(false);

  // The server forgets a pool entry when the socket goes.
  useEffect(() => {
    if (status === 'offline') setWaiting(null);
  }, [status]);

  const run = (work: () => Promise<void>) => {
    setBusy(true);
    work()
      .catch(showError)
      .finally(() => setBusy(false));
  };
  const join = (p: Preset) =>
    run(async () => {
      await link.send({ type: 'quickPair.join', pool: presetPool(p, !guest) });
      setWaiting(p.id);
    });
  const leave = () =>
    run(async () => {
      await link.send({ type: 'quickPair.leave' });
      setWaiting(null);
    });
  const playBot = () =>
    run(async () => {
      // The form's code loads on this click: it is not part of the lobby's first load.
      const { formFromSettings, toBotSettings } = await import('./tableForm');
      const settings = toBotSettings(formFromSettings(profile?.preferredSettings ?? null, false));
      const r = await link.send({ type: 'bot.play', level, settings });
      if (r?.kind === 'game') navigate(paths.game(r.gameId));
    });

  return (
    <section className="card first-screen" aria-labelledby="first-title">
      <h2 id="first-title">{t('first.title')}</h2>
      <p className="field-hint">{t('first.hint')}</p>
      <ul className="preset-grid" aria-label={t('first.presets')}>
        {presetRows().map((row) => (
          <PresetRow
            key={row.group}
            {...row}
            tile={(p) => (
              <button
                type="button"
                className="btn preset"
                aria-label={presetName(t, p)}
                aria-pressed={waiting === p.id}
                disabled={busy || (waiting !== null && waiting !== p.id)}
                onClick={() => (waiting === p.id ? leave() : join(p))}
              >
                {tileText(t, p)}
              </button>
            )}
          />
        ))}
      </ul>
      {waiting !== null && (
        <div className="actions waiting" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{t('quick.waiting')}</span>
          <button type="button" className="btn" disabled={busy} onClick={leave}>
            {t('quick.leave')}
          </button>
        </div>
      )}
      <div className="first-actions">
        <div className="first-bot">
          <select aria-label={t('bot.level')} name="firstBotLevel" value={level} onChange={(e) => setLevel(Number(e.target.value))}>
            {BOT_LEVELS.map((n) => (
              <option key={n} value={n}>
                {t('bot.levelOption', { level: n })}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={playBot}>
            {t('first.bot')}
          </button>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => onCustom('table')}>
          {t('first.friend')}
        </button>
        <button type="button" className="btn" aria-expanded={custom !== null} onClick={() => onCustom(custom === null ? 'seek' : null)}>
          {t('first.custom')}
        </button>
      </div>
    </section>
  );
}
