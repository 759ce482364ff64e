import { MORE_SERVER_EXAMPLES, SERVER_EXAMPLES, type ServerToClient, type UserRef } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { CHAT_KEPT } from '../../app/chatLines';
import { EMPTY_LOBBY, knownUsers, lobbyReducer, resolveOpponent } from './lobbyState';

const snapshot = SERVER_EXAMPLES['lobby.snapshot'];
const added = SERVER_EXAMPLES['lobby.seekAdded'];
const alice: UserRef = { userId: 'u_alice', name: 'Alice', guest: false, rating: 1540 };
const chat = (text: string, from: UserRef = alice): ServerToClient => ({ type: 'chat.message', room: { kind: 'lobby' }, from, text, at: 1 });

describe('the lobby state', () => {
  it('takes the snapshot, then seeks and games as they come and go', () => {
    let s = lobbyReducer(EMPTY_LOBBY, snapshot);
    expect(s.ready).toBe(true);
    expect(s.seeks.map((x) => x.seekId)).toEqual(['s_19']);
    expect(s.online).toBe(57);
    s = lobbyReducer(s, added);
    s = lobbyReducer(s, added);
    expect(s.seeks.map((x) => x.seekId)).toEqual(['s_19', 's_20']);
    s = lobbyReducer(s, { type: 'lobby.seekRemoved', seekId: 's_19' });
    expect(s.seeks.map((x) => x.seekId)).toEqual(['s_20']);
    s = lobbyReducer(s, SERVER_EXAMPLES['lobby.gameAdded']);
    expect(s.games.map((g) => g.gameId)).toEqual(['g_7Hk2', 'g_8Jm3']);
    s = lobbyReducer(s, { type: 'lobby.gameRemoved', gameId: 'g_7Hk2' });
    expect(s.games.map((g) => g.gameId)).toEqual(['g_8Jm3']);
    // A snapshot after a reconnect replaces the lists.
    expect(lobbyReducer(s, snapshot).seeks.map((x) => x.seekId)).toEqual(['s_19']);
  });

  it('keeps who is online: the snapshot, then joined (added or replaced) and left', () => {
    let s = lobbyReducer(EMPTY_LOBBY, snapshot);
    expect(s.players.map((p) => p.user.name)).toEqual(['Борис']);
    s = lobbyReducer(s, SERVER_EXAMPLES['lobby.userJoined']);
    const rated = { variant: 'long' as const, rating: 1530, games: 1 };
    s = lobbyReducer(s, { type: 'lobby.userJoined', player: { user: alice, ratings: [rated] } });
    expect(s.players.map((p) => [p.user.name, p.ratings])).toEqual([
      ['Борис', [{ variant: 'long', rating: 1512, games: 4 }]],
      ['Alice', [rated]],
    ]);
    s = lobbyReducer(s, SERVER_EXAMPLES['lobby.userLeft']);
    expect(s.players.map((p) => p.user.name)).toEqual(['Alice']);
    // An older server's snapshot has no list.
    const { players: _none, ...old } = snapshot;
    expect(lobbyReducer(s, old).players).toEqual([]);
  });

  it('keeps the last lines of lobby chat, not other rooms', () => {
    let s = EMPTY_LOBBY;
    for (let i = 0; i < CHAT_KEPT + 5; i++) s = lobbyReducer(s, chat(`line ${i}`));
    expect(s.chat).toHaveLength(CHAT_KEPT);
    expect(s.chat[0]?.text).toBe('line 5');
    expect(new Set(s.chat.map((l) => l.key)).size).toBe(CHAT_KEPT);
    const table = MORE_SERVER_EXAMPLES.find((m) => m.type === 'chat.message') ?? SERVER_EXAMPLES['chat.message'];
    expect(lobbyReducer(s, table)).toBe(s);
  });

  it('knows the users it has shown (no bots), and whom a challenge names', () => {
    let s = lobbyReducer(EMPTY_LOBBY, snapshot);
    s = lobbyReducer(s, SERVER_EXAMPLES['lobby.gameAdded']);
    s = lobbyReducer(s, chat('hi', { userId: 'u_zed', name: 'Zed', guest: true }));
    const known = knownUsers(s);
    expect(known.map((u) => u.userId).sort()).toEqual(['u_alice', 'u_boris', 'u_zed']);
    expect(resolveOpponent('  борис ', known)).toMatchObject({ userId: 'u_boris' });
    expect(resolveOpponent('u_zed', known)).toMatchObject({ name: 'Zed' });
    expect(resolveOpponent('u_someone', known)).toEqual({ userId: 'u_someone' });
    // A name the lobby has not shown goes to the server as typed (it resolves names against every account).
    expect(resolveOpponent(' Two Words ', known)).toEqual({ userId: 'Two Words' });
    expect(resolveOpponent('', known)).toBeNull();
  });
});
