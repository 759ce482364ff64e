/** Chat: lobby, table and spectator rooms, private messages, blocking. */
export { CHAT_TYPES, ChatModule, pmChannel, roomChannel, type ChatOptions, type RoomMembership } from './chat.js';
