import { LIMITS } from '@nardy/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../app/Field';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { notices, showError } from '../../app/notices';
import { useProfile } from '../../app/session';
import { useServices } from '../../app/services';
import { useSettings } from '../../app/settings';
import type { BoardSettings } from '../../board/types';
import { TableSettingsFields } from '../lobby/TableSettingsFields';
import { AccountSecurity } from './AccountSecurity';
import { SignalSettings } from './SignalSettings';
import { formFromSettings, toSettingsInput } from '../lobby/tableForm';
import './settings.css';

const BOARD_OPTIONS = ['autoPlayForced', 'autoConfirm', 'reducedMotion'] as const satisfies readonly (keyof BoardSettings)[];

/**
 * `/settings`: how the board behaves and the game room's sounds and notifications (kept in this browser), the
 * language, and — with a session — the display name and the table settings the lobby's form starts from
 * (`PATCH /api/me`); a registered account also its password and "log out everywhere".
 */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { settings, session } = useServices();
  const board = useSettings(settings);
  const profile = useProfile(session);

  return (
    <div className="settings-page">
      <h1>{t('title')}</h1>
      <section className="card" aria-labelledby="settings-board">
        <h2 id="settings-board">{t('board.title')}</h2>
        {BOARD_OPTIONS.map((k) => (
          <label className="check" key={k}>
            <input type="checkbox" name={k} checked={board[k]} onChange={(e) => settings.set({ [k]: e.target.checked })} />
            <span>
              {t(`board.${k}`)}
              <span className="field-hint check-hint">{t(`board.${k}Hint`)}</span>
            </span>
          </label>
        ))}
      </section>

      <SignalSettings />

      <section className="card" aria-labelledby="settings-lang">
        <h2 id="settings-lang">{t('language.title')}</h2>
        <LanguageSwitch />
      </section>

      {profile === null ? (
        <p className="muted">{t('noSession')}</p>
      ) : (
        <>
          <DisplayName key={profile.id} initial={profile.displayName} />
          <PreferredTable key={`${profile.id}-table`} />
          {!profile.guest && <AccountSecurity key={`${profile.id}-security`} />}
        </>
      )}
    </div>
  );
}

function DisplayName({ initial }: { readonly initial: string }) {
  const { t } = useTranslation('settings');
  const { session } = useServices();
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  const blank = name.trim() === '';
  const save = () => {
    setBusy(true);
    session
      .update({ displayName: name.trim() })
      .then(() => notices.showInfo('settings:saved'), showError)
      .finally(() => setBusy(false));
  };
  return (
    <section className="card" aria-labelledby="settings-name">
      <h2 id="settings-name">{t('profile.title')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!blank) save();
        }}
      >
        <Field label={t('profile.displayName')} hint={t('profile.displayNameHint')} error={blank ? t('profile.nameBlank') : undefined}>
          {(control) => (
            <input {...control} type="text" name="displayName" maxLength={LIMITS.nameLength} value={name} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy || blank}>
            {t('save')}
          </button>
        </div>
      </form>
    </section>
  );
}

function PreferredTable() {
  const { t } = useTranslation('settings');
  const { session } = useServices();
  const profile = session.profile();
  const guest = profile?.guest ?? true;
  const [form, setForm] = useState(() => formFromSettings(profile?.preferredSettings ?? null, !guest));
  const [busy, setBusy] = useState(false);
  const save = () => {
    setBusy(true);
    session
      .update({ preferredSettings: toSettingsInput({ ...form, rated: form.rated && !guest }) })
      .then(() => notices.showInfo('settings:saved'), showError)
      .finally(() => setBusy(false));
  };
  return (
    <section className="card" aria-labelledby="settings-table">
      <h2 id="settings-table">{t('table.title')}</h2>
      <p className="field-hint">{t('table.hint')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <TableSettingsFields form={form} onChange={setForm} guest={guest} />
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('save')}
          </button>
        </div>
      </form>
    </section>
  );
}
