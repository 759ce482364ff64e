import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../app/Field';
import { notices, showError } from '../../app/notices';
import { useServices } from '../../app/services';
import { currentLanguage } from '../../i18n';
import { paths } from '../../router';
import { passwordChangeRefusal, validatePasswordChange, type PasswordInput, type PasswordProblems } from './passwordForm';

const EMPTY: PasswordInput = { current: '', password: '', confirm: '' };

/** A registered account's password and sessions: change the password (other devices are signed out), log out everywhere. */
export function AccountSecurity() {
  return (
    <>
      <ChangePassword />
      <LogoutEverywhere />
    </>
  );
}

function ChangePassword() {
  const { t } = useTranslation('settings');
  const { api } = useServices();
  const [input, setInput] = useState(EMPTY);
  const [problems, setProblems] = useState<PasswordProblems>({});
  const [busy, setBusy] = useState(false);

  const submit = () => {
    const found = validatePasswordChange(input);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    api
      .changePassword(input.current, input.password)
      .then(
        () => {
          setInput(EMPTY);
          notices.showInfo('settings:password.changed');
        },
        (e: unknown) => {
          const byField = passwordChangeRefusal(e);
          if (byField === null) showError(e);
          else setProblems(byField);
        },
      )
      .finally(() => setBusy(false));
  };

  const field = (key: keyof PasswordInput, autoComplete: string) => {
    const problem = problems[key];
    return (
      <Field label={t(`password.${key}`)} error={problem === undefined ? undefined : t(problem)}>
        {(control) => (
          <input
            {...control}
            type="password"
            name={key === 'password' ? 'newPassword' : key === 'current' ? 'currentPassword' : 'confirmPassword'}
            autoComplete={autoComplete}
            value={input[key]}
            onChange={(e) => setInput({ ...input, [key]: e.target.value })}
          />
        )}
      </Field>
    );
  };

  return (
    <section className="card" aria-labelledby="settings-password">
      <h2 id="settings-password">{t('password.title')}</h2>
      <p className="field-hint">{t('password.hint')}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {field('current', 'current-password')}
        {field('password', 'new-password')}
        {field('confirm', 'new-password')}
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('password.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

function LogoutEverywhere() {
  const { t } = useTranslation('settings');
  const { session, navigate } = useServices();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const go = () => {
    setBusy(true);
    session.logoutEverywhere(currentLanguage()).then(
      () => navigate(paths.lobby()),
      (e: unknown) => {
        showError(e);
        setBusy(false);
      },
    );
  };
  return (
    <section className="card" aria-labelledby="settings-everywhere">
      <h2 id="settings-everywhere">{t('everywhere.title')}</h2>
      <p className="field-hint">{t('everywhere.hint')}</p>
      <div className="actions">
        {asking ? (
          <>
            <button type="button" className="btn btn-danger" disabled={busy} onClick={go}>
              {t('everywhere.confirm')}
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => setAsking(false)}>
              {t('everywhere.cancel')}
            </button>
          </>
        ) : (
          <button type="button" className="btn" onClick={() => setAsking(true)}>
            {t('everywhere.button')}
          </button>
        )}
      </div>
    </section>
  );
}
