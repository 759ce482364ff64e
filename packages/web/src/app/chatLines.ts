/** The lines of one chat room as a page keeps them (protocol §9): numbered for React, the newest `CHAT_KEPT` only. */
import type { ServerToClient, UserRef } from '@nardy/protocol';

export interface ChatLine {
  readonly key: number;
  readonly from: UserRef;
  readonly text: string;
  readonly at: number;
}

/** Lines of a room kept on screen. */
export const CHAT_KEPT = 100;

/** `lines` with the message's line added at the end (the oldest dropped past `CHAT_KEPT`). */
export function appendChatLine(lines: readonly ChatLine[], msg: Extract<ServerToClient, { type: 'chat.message' }>): readonly ChatLine[] {
  const key = (lines[lines.length - 1]?.key ?? 0) + 1;
  return [...lines, { key, from: msg.from, text: msg.text, at: msg.at }].slice(-CHAT_KEPT);
}
