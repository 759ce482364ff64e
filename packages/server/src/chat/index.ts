/** Chat: lobby, table and spectator rooms, private messages, blocking. */
export { ChatModule } from './chat.js';
