export { LobbyModule } from './lobby.js';
export type { FinishedMatch } from './options.js';
