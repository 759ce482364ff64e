import type { UserRef } from '@nardy/protocol';
import { useTranslation } from 'react-i18next';
import { paths } from '../router';
import { ratingText } from './rating';

/** A user as others see him: the name (a link to his profile), his rating, "guest" or the bot's level. */
export function UserLabel({ user }: { readonly user: UserRef }) {
  const { t } = useTranslation();
  if (user.bot !== undefined) return <span className="user-name">{t('user.bot', { level: user.bot })}</span>;
  return (
    <span className="user-label">
      <a className="user-name" href={paths.profile(user.userId)}>
        {user.name}
      </a>
      {user.rating !== undefined && (
        <span className="rating" title={t('user.ratingTitle')}>
          {ratingText(user.rating, user.provisional)}
        </span>
      )}
      {user.guest && <span className="badge">{t('user.guest')}</span>}
    </span>
  );
}
