import { useTranslation } from 'react-i18next';
import { useMe, useServices } from '../../app/services';
import { LiveGames } from './LiveGames';
import { LobbyChat } from './LobbyChat';
import { knownUsers } from './lobbyState';
import { NewGame } from './NewGame';
import { OnlineList } from './OnlineList';
import { SeekList } from './SeekList';
import { useLobby } from './useLobby';
import './lobby.css';

/** `/`: start a game (seek, quick pairing, bot, challenge, private table), open seeks, live games, lobby chat. */
export function LobbyPage() {
  const { t } = useTranslation('lobby');
  const { link } = useServices();
  const lobby = useLobby(link);
  const me = useMe(link);
  return (
    <div className="lobby">
      <h1 className="visually-hidden">{t('title')}</h1>
      <div className="lobby-main">
        <NewGame known={knownUsers(lobby)} />
      </div>
      <div className="lobby-side">
        <SeekList seeks={lobby.seeks} me={me?.userId ?? null} ready={lobby.ready} />
        <OnlineList players={lobby.players} me={me?.userId ?? null} ready={lobby.ready} />
        <LiveGames games={lobby.games} ready={lobby.ready} />
        <LobbyChat lines={lobby.chat} />
        {lobby.ready && <p className="muted online">{t('online', { count: lobby.online })}</p>}
      </div>
    </div>
  );
}
