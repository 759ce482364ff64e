import { useTranslation } from 'react-i18next';
import { paths } from '../../router';

/** The sections of the formula, in reading order (their texts under `top:formulaPage`). */
const SECTIONS = ['chance', 'change', 'length', 'experience', 'example', 'month', 'once'] as const;

/** `/ratings`: how ratings are computed (docs/ratings.md), linked from the top table and profiles. */
export function RatingsPage() {
  const { t } = useTranslation('top');
  return (
    <article className="card ratings-formula">
      <h1>{t('formulaPage.title')}</h1>
      <p>{t('formulaPage.intro')}</p>
      {SECTIONS.map((s) => (
        <section key={s}>
          <h2>{t(`formulaPage.${s}Title`)}</h2>
          <p>{t(`formulaPage.${s}`)}</p>
        </section>
      ))}
      <p>
        <a href={paths.top('long')}>{t('formulaPage.top')}</a>
      </p>
    </article>
  );
}
