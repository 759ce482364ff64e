import { matchSettings } from '@nardy/engine';
import type { OnlinePlayer, TableSettings, TableSettingsInput } from '@nardy/protocol';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../app/notices';
import { ratingText } from '../../app/rating';
import { useProfile } from '../../app/session';
import { useServices } from '../../app/services';
import { paths } from '../../router';
import { headlineRating } from './onlineRating';
import { SettingsChips } from './SettingsChips';
import type * as TableForms from './tableForm';
import type { TableForm } from './tableForm';

/**
 * Who is online (the server's list, live): each name opens his profile, with his rating and a "Challenge" that
 * opens the challenge's settings — variant, length, clock, rated — filled in from your usual ones (the settings
 * page saves them) to change before it is sent; the rest of your usual settings go with it, shown as chips.
 */
// The challenge's settings (the form and its code) load when a challenge is first drafted: not part of the lobby's
// first load.
const loadForms = (): Promise<typeof TableForms> => import('./tableForm');
const TableSettingsFields = lazy(() => import('./TableSettingsFields').then((m) => ({ default: m.TableSettingsFields })));

export function OnlineList({ players, me, ready }: { readonly players: readonly OnlinePlayer[]; readonly me: string | null; readonly ready: boolean }) {
  const { t } = useTranslation('lobby');
  const { link, session, challenges } = useServices();
  const profile = useProfile(session);
  const guest = profile?.guest ?? link.me?.guest ?? true;
  const [asking, setAsking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const [forms, setForms] = useState<typeof TableForms | null>(null);
  const [draft, setDraft] = useState<TableForm | null>(null);
  /** Rated games and stakes need an account on both sides. */
  const casualOnly = (p: OnlinePlayer): boolean => guest || p.user.guest;
  const offerFor = (p: OnlinePlayer, form: TableForm, f: typeof TableForms): TableSettingsInput => {
    const s = f.toSettingsInput(form);
    return casualOnly(p) ? { ...s, rated: false, stake: 0 } : s;
  };

  const send = (p: OnlinePlayer, form: TableForm, f: typeof TableForms) => {
    const settings = offerFor(p, form, f);
    setBusy(true);
    setFailure(null);
    link
      .send({ type: 'challenge.send', to: p.user.userId, settings })
      .then((r) => {
        if (r?.kind === 'challenge') challenges.addOutgoing({ challengeId: r.challengeId, to: p.user, settings });
        setAsking(null);
      })
      .catch((e: unknown) => setFailure(describeError(e).key))
      .finally(() => setBusy(false));
  };

  return (
    <section className="card online-list" aria-labelledby="online-title">
      <h2 id="online-title">{t('onlineList.title')}</h2>
      {!ready ? (
        <p className="empty">{t('common:loading')}</p>
      ) : (
        <ul className="plain-list">
          {players.map((p) => {
            const form = asking === p.user.userId && forms ? draft : null;
            return (
              <OnlineRow
                key={p.user.userId}
                player={p}
                mine={p.user.userId === me}
                asking={form !== null}
                offer={form && forms && offerFor(p, form, forms)}
                edit={form && { form, casualOnly: casualOnly(p), onChange: setDraft }}
                busy={busy}
                failure={form ? failure : null}
                onAsk={() => {
                  setFailure(null);
                  if (asking === p.user.userId) {
                    setAsking(null);
                    return;
                  }
                  const userId = p.user.userId;
                  void loadForms().then((f) => {
                    setForms(f);
                    // Opened afresh from the saved settings each time.
                    setDraft(f.formFromSettings(profile?.preferredSettings ?? null, !guest));
                    setAsking(userId);
                  });
                }}
                onSend={() => form && forms && send(p, form, forms)}
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** One player of the list; with `offer`, the challenge about to be sent. */
export function OnlineRow(props: {
  readonly player: OnlinePlayer;
  readonly mine: boolean;
  readonly asking: boolean;
  readonly offer: TableSettingsInput | null;
  /** The challenge's settings to change before sending (rated off where either is a guest). */
  readonly edit?: { readonly form: TableForm; readonly casualOnly: boolean; readonly onChange: (form: TableForm) => void } | null;
  readonly busy: boolean;
  readonly failure: string | null;
  readonly onAsk: () => void;
  readonly onSend: () => void;
}) {
  const { t } = useTranslation('lobby');
  const { user, ratings } = props.player;
  const top = headlineRating(ratings, user.guest);
  const all = ratings
    .map((r) => t('onlineList.ratingIn', { variant: t(`common:variant.${r.variant}`), rating: ratingText(r.rating, r.provisional), count: r.games }))
    .join('\n');
  const full = props.offer && matchSettings(props.offer.match);
  const shown: TableSettings | null = props.offer && full?.ok ? { ...props.offer, match: full.value as TableSettings['match'] } : null;
  return (
    <li className="online-player">
      <div className="online-head">
        <a className="user-name" href={paths.profile(user.userId)}>
          {user.name}
        </a>
        {top && (
          <span className="rating" title={all}>
            {ratingText(top.rating, top.provisional)}
          </span>
        )}
        {user.guest && <span className="badge">{t('common:user.guest')}</span>}
        {props.mine ? (
          <span className="badge">{t('onlineList.you')}</span>
        ) : (
          <button type="button" className="btn btn-small" aria-expanded={props.asking} onClick={props.onAsk}>
            {t('onlineList.challenge')}
          </button>
        )}
      </div>
      {props.asking && (
        <div className="online-offer">
          <p className="field-hint">{t('onlineList.offer', { name: user.name })}</p>
          {props.edit && (
            <Suspense fallback={null}>
              <TableSettingsFields form={props.edit.form} onChange={props.edit.onChange} part="pool" guest={props.edit.casualOnly} />
            </Suspense>
          )}
          {shown && <SettingsChips settings={shown} />}
          {props.failure && (
            <p className="alert" role="alert">
              {t(props.failure)}
            </p>
          )}
          <div className="actions">
            <button type="button" className="btn btn-small btn-primary" disabled={props.busy} onClick={props.onSend}>
              {t('onlineList.send')}
            </button>
            <button type="button" className="btn btn-small" onClick={props.onAsk}>
              {t('common:actions.cancel')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
