import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services';
import { useSettings } from '../../app/settings';

type Permission = NotificationPermission | 'unsupported';

const permissionNow = (): Permission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/**
 * The game room's sounds (on or muted) and its notifications while the tab is hidden. Turning notifications on
 * asks the browser's permission (it must come from the click); a refusal leaves them off and says why.
 */
export function SignalSettings() {
  const { t } = useTranslation('settings');
  const { settings } = useServices();
  const { sounds, notifications } = useSettings(settings);
  const [permission, setPermission] = useState(permissionNow);

  const setNotifications = (on: boolean) => {
    if (!on || permission === 'granted') {
      settings.set({ notifications: on });
      return;
    }
    void Notification.requestPermission().then((answer) => {
      setPermission(answer);
      settings.set({ notifications: answer === 'granted' });
    });
  };
  const problem = permission === 'unsupported' ? 'unsupported' : permission === 'denied' ? 'denied' : null;

  return (
    <section className="card" aria-labelledby="settings-signals">
      <h2 id="settings-signals">{t('signals.title')}</h2>
      <label className="check">
        <input type="checkbox" name="sounds" checked={sounds} onChange={(e) => settings.set({ sounds: e.target.checked })} />
        <span>
          {t('signals.sounds')}
          <span className="field-hint check-hint">{t('signals.soundsHint')}</span>
        </span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          name="notifications"
          checked={notifications && permission === 'granted'}
          disabled={problem !== null}
          onChange={(e) => setNotifications(e.target.checked)}
        />
        <span>
          {t('signals.notifications')}
          <span className="field-hint check-hint">{t(problem === null ? 'signals.notificationsHint' : `signals.${problem}`)}</span>
        </span>
      </label>
    </section>
  );
}
