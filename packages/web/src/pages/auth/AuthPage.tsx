import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../app/Field';
import { useServices } from '../../app/services';
import { currentLanguage } from '../../i18n';
import { paths } from '../../router';
import { authFailure, passwordRefusal, validateAuth, type AuthInput, type AuthMode, type AuthProblems } from './authForm';
import './auth.css';

/**
 * `/login` and `/signup`: name and password (typed twice to sign up). Mistakes are shown by each field; the
 * server's refusal above the button. On success the link reconnects as the new user and the lobby opens.
 */
export function AuthPage({ mode }: { readonly mode: AuthMode }) {
  const { t } = useTranslation('auth');
  const { session, navigate } = useServices();
  const [input, setInput] = useState<AuthInput>({ name: '', password: '', confirm: '' });
  const [problems, setProblems] = useState<AuthProblems>({});
  const [failure, setFailure] = useState<{ key: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = () => {
    const found = validateAuth(mode, input);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const name = input.name.trim();
    const done = mode === 'login' ? session.login(name, input.password) : session.register(name, input.password, currentLanguage());
    done.then(
      () => navigate(paths.lobby()),
      (e: unknown) => {
        const weak = passwordRefusal(e);
        if (weak === null) setFailure(authFailure(mode, e));
        else setProblems({ password: weak });
        setBusy(false);
      },
    );
  };

  const field = (key: keyof AuthInput, type: 'text' | 'password', autoComplete: string) => {
    const problem = problems[key];
    return (
      <Field label={t(`field.${key}`)} error={problem === undefined ? undefined : t(problem)}>
        {(control) => (
          <input
            {...control}
            type={type}
            name={key}
            autoComplete={autoComplete}
            value={input[key]}
            onChange={(e) => setInput({ ...input, [key]: e.target.value })}
          />
        )}
      </Field>
    );
  };

  return (
    <section className="card auth-card">
      <h1>{t(`${mode}.title`)}</h1>
      <p className="muted">{t(`${mode}.intro`)}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {field('name', 'text', 'username')}
        {field('password', 'password', mode === 'login' ? 'current-password' : 'new-password')}
        {mode === 'signup' && field('confirm', 'password', 'new-password')}
        {failure && (
          <p className="alert" role="alert">
            {t(failure.key)}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t(`${mode}.submit`)}
          </button>
        </div>
      </form>
      <p className="auth-switch">
        {t(`${mode}.other`)} <a href={mode === 'login' ? paths.signup() : paths.login()}>{t(`${mode}.otherLink`)}</a>
      </p>
    </section>
  );
}
