import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe, useServices } from '../../app/services';
import { FirstScreen } from './FirstScreen';
import { LiveGames } from './LiveGames';
import { knownUsers } from './lobbyState';
import type { Mode } from './NewGame';
import { OnlineList } from './OnlineList';
import { SeekList } from './SeekList';
import { useLobby } from './useLobby';
import './lobby.css';

const LOBBY_ROOM = { kind: 'lobby' } as const;

// The full form opens behind "Custom" or "Play a friend": its code is not part of the lobby's first load. Nor is
// the chat's (shared with a tournament's page), fetched once the lobby's first snapshot is in.
const NewGame = lazy(() => import('./NewGame').then((m) => ({ default: m.NewGame })));
const RoomChat = lazy(() => import('../../app/RoomChat').then((m) => ({ default: m.RoomChat })));

/**
 * `/`: one-click games first (presets, the computer, a friend), the full form behind "Custom" (seek, quick
 * pairing, bot, challenge, private table); open seeks, live games and lobby chat beside them.
 */
export function LobbyPage() {
  const { t } = useTranslation('lobby');
  const { link } = useServices();
  const lobby = useLobby(link);
  const me = useMe(link);
  const [custom, setCustom] = useState<Mode | null>(null);
  const customRef = useRef<HTMLDivElement>(null);
  // The form opens below the first screen: bring it into view (on a phone it starts below the fold).
  useEffect(() => {
    if (custom !== null) customRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [custom]);
  return (
    <div className="lobby">
      <h1 className="visually-hidden">{t('title')}</h1>
      <div className="lobby-main">
        <FirstScreen custom={custom} onCustom={setCustom} />
        {custom !== null && (
          <div ref={customRef}>
            <Suspense fallback={<p className="empty">{t('common:loading')}</p>}>
              <NewGame key={custom} initialMode={custom} known={knownUsers(lobby)} />
            </Suspense>
          </div>
        )}
      </div>
      <div className="lobby-side">
        <SeekList seeks={lobby.seeks} me={me?.userId ?? null} ready={lobby.ready} />
        <OnlineList players={lobby.players} me={me?.userId ?? null} ready={lobby.ready} />
        <LiveGames games={lobby.games} ready={lobby.ready} />
        {lobby.ready && (
          <>
            <Suspense fallback={null}>
              <RoomChat room={LOBBY_ROOM} lines={lobby.chat} ns="lobby" />
            </Suspense>
            <p className="muted online">{t('online', { count: lobby.online })}</p>
          </>
        )}
      </div>
    </div>
  );
}
