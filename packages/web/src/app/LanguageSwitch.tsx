import { LANGUAGES, type Language } from '@nardy/protocol';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../i18n';
import { useServices } from './services';

/**
 * Switches the language now, remembers it in this browser, and tells the server (`PATCH /api/me`) so its own
 * texts follow. The server being unreachable does not stop the switch.
 */
function useSwitchLanguage(): (lng: Language) => void {
  const { session } = useServices();
  return (lng) => {
    void setLanguage(lng);
    if (session.profile()) session.update({ lang: lng }).catch(() => {});
  };
}

export function LanguageSwitch() {
  const { t } = useTranslation();
  const switchTo = useSwitchLanguage();
  const current = currentLanguage();
  return (
    <div className="lang-switch" role="group" aria-label={t('lang.label')}>
      {LANGUAGES.map((lng) => (
        <button key={lng} type="button" lang={lng} aria-pressed={lng === current} aria-label={t(`lang.${lng}`)} onClick={() => switchTo(lng)}>
          {t(`lang.${lng}Short`)}
        </button>
      ))}
    </div>
  );
}
