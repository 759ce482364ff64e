/**
 * `/profile/:userId`: the player's finished games from `GET /api/users/:id/games`, one page at a time (the
 * server's `next` cursor). On one's own profile the display name is shown; it is changed on the settings page.
 */
import type { ChipsReport, UserAnalysis, UserGames } from '@nardy/protocol';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services';
import { useProfile } from '../../app/session';
import { Refusal } from '../../game/Refusal';
import { useTranslate } from '../../game/useTranslate';
import { currentLanguage } from '../../i18n';
import { ServerError } from '../../net/types';
import { AnalysedPlay } from './AnalysedPlay';
import { ChipsPanel } from './ChipsPanel';
import { ProfileView } from './ProfileView';
import { RatingHistoryPanel } from './RatingHistoryPanel';

export interface ProfilePageProps {
  readonly userId: string;
  readonly navigate: (path: string) => void;
}

type Loaded =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly error: ServerError }
  /** `more`: an older page is on its way; `moreError`: why the last one did not come. */
  | { readonly kind: 'loaded'; readonly data: UserGames; readonly more: boolean; readonly moreError: ServerError | null };

const asServerError = (e: unknown): ServerError => (e instanceof ServerError ? e : new ServerError('INTERNAL', String(e)));

export function ProfilePage({ userId }: ProfilePageProps) {
  const { api, session, chips: chipsStore } = useServices();
  const me = useProfile(session);
  const t = useTranslate('profile');
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const own = me?.id === userId;
  const [chips, setChips] = useState<ChipsReport | null>(null);
  const [analysed, setAnalysed] = useState<UserAnalysis | null>(null);

  // The average error rate and PR over his analysed games: an extra, so a failure only leaves it out.
  useEffect(() => {
    let current = true;
    api.userAnalysis(userId).then(
      (data) => current && setAnalysed(data),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [api, userId]);

  // One's own chips (G9): fetched with the page, so the balance after a game is the settled one; the header's too.
  useEffect(() => {
    if (!own) return;
    let current = true;
    api.chips().then(
      (report) => {
        chipsStore.show(report);
        if (current) setChips(report);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [api, own, chipsStore]);

  useEffect(() => {
    let current = true;
    api.userGames(userId).then(
      (data) => current && setLoaded({ kind: 'loaded', data, more: false, moreError: null }),
      (e: unknown) => current && setLoaded({ kind: 'failed', error: asServerError(e) }),
    );
    return () => {
      current = false;
    };
  }, [api, userId]);

  if (loaded.kind === 'loading') return <p className="empty">{t('loading')}</p>;
  if (loaded.kind === 'failed') return <Refusal error={loaded.error} />;

  const { data } = loaded;
  const onMore = () => {
    if (data.next === null) return;
    setLoaded({ kind: 'loaded', data, more: true, moreError: null });
    api.userGames(userId, { before: data.next }).then(
      (page) => setLoaded({ kind: 'loaded', data: { ...page, games: [...data.games, ...page.games] }, more: false, moreError: null }),
      (e: unknown) => setLoaded({ kind: 'loaded', data, more: false, moreError: asServerError(e) }),
    );
  };
  return (
    <>
      <ProfileView
        data={data}
        own={own}
        lang={currentLanguage()}
        loadingMore={loaded.more}
        onMore={onMore}
        chips={<ChipsPanel report={chips} lang={currentLanguage()} />}
        history={<RatingHistoryPanel userId={userId} variants={(data.stats ?? []).map((s) => s.variant)} lang={currentLanguage()} />}
        analysed={<AnalysedPlay data={analysed} lang={currentLanguage()} />}
      />
      {loaded.moreError && <Refusal error={loaded.moreError} />}
    </>
  );
}
