export {
  LOBBY_TYPES,
  LobbyModule,
  defaultToken,
  type ChipsLedger,
  type FinishedMatch,
  type LobbyOptions,
  type RematchEvent,
  type RematchSource,
} from './lobby.js';
