export { LOBBY_TYPES, LobbyModule } from './lobby.js';
export type { ChipsLedger, FinishedMatch, LobbyOptions, RematchEvent, RematchSource } from './options.js';
