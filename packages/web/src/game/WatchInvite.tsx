import { Field } from '../app/Field';
import { paths } from '../router';
import type { Translate } from './phrase';

interface Props {
  readonly gameId: string;
  /** The private game's watch token (in its players' views only). */
  readonly token: string;
  readonly t: Translate;
}

/** A private game's invitation: the link its players share so that a friend may watch (`/game/:id?watch=…`). */
export function WatchInvite({ gameId, token, t }: Props) {
  const url = `${globalThis.location.origin}${paths.game(gameId)}?watch=${encodeURIComponent(token)}`;
  return (
    <section className="watch-invite card" aria-label={t('invite.title')}>
      <h3 className="watch-invite-title">{t('invite.title')}</h3>
      <Field label={t('invite.link')} hint={t('invite.hint')}>
        {(control) => <input {...control} type="url" readOnly value={url} onFocus={(e) => e.target.select()} />}
      </Field>
    </section>
  );
}
