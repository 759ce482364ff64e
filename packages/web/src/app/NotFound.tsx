import { useTranslation } from 'react-i18next';
import { paths } from '../router';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <a className="btn" href={paths.lobby()}>
        {t('notFound.home')}
      </a>
    </section>
  );
}
