import { useEffect, useReducer } from 'react';
import { showError } from '../../app/notices';
import type { Link } from '../../net/types';
import { ServerError } from '../../net/types';
import { EMPTY_LOBBY, lobbyReducer, type LobbyState } from './lobbyState';

const quietly = (e: unknown) => {
  // Offline: the link subscribes again by itself once it is back.
  if (!(e instanceof ServerError && e.code === 'DISCONNECTED')) showError(e);
};

/** The live lobby while the component is mounted: subscribed on mount, unsubscribed on unmount. */
export function useLobby(link: Link): LobbyState {
  const [state, dispatch] = useReducer(lobbyReducer, EMPTY_LOBBY);
  useEffect(() => {
    const offs = [
      link.on('lobby.snapshot', dispatch),
      link.on('lobby.seekAdded', dispatch),
      link.on('lobby.seekRemoved', dispatch),
      link.on('lobby.gameAdded', dispatch),
      link.on('lobby.gameRemoved', dispatch),
      link.on('lobby.userJoined', dispatch),
      link.on('lobby.userLeft', dispatch),
      link.on('chat.message', dispatch),
    ];
    link.send({ type: 'lobby.subscribe' }).catch(quietly);
    return () => {
      for (const off of offs) off();
      link.send({ type: 'lobby.unsubscribe' }).catch(() => {});
    };
  }, [link]);
  return state;
}
