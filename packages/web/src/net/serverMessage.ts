/**
 * Reads one frame from the server. The server is trusted and validates everything it sends against
 * @nardy/protocol's schemas, so the app does not parse with them again: that would put zod, every schema and
 * the engine's validation into the first download. Only what the link itself dispatches on is checked — an
 * object with a string `type`, a reply's `id`, an error's `code`, a game message's `gameId`, epoch and number — so a
 * garbled frame is reported and dropped instead of settling the wrong command or breaking a game's follow.
 */
import type { ServerToClient } from '@nardy/protocol';

export type ReadResult = { readonly ok: true; readonly value: ServerToClient } | { readonly ok: false; readonly error: string };

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isString = (x: unknown): x is string => typeof x === 'string';
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;

/** What each message type the link looks into must hold, beyond its `type`; null when it holds it. */
function missing(m: Record<string, unknown>): string | null {
  switch (m['type']) {
    case 'ack':
      return isString(m['id']) ? null : 'an ack without a string id';
    case 'error':
      if (!isString(m['id']) && m['id'] !== null) return 'an error whose id is neither a string nor null';
      return isString(m['code']) && isString(m['message']) ? null : 'an error without a code and message';
    case 'game.snapshot':
      return isString(m['gameId']) && isString(m['epoch']) && isCount(m['lastEvent']) && Array.isArray(m['actions']) && isRecord(m['view'])
        ? null
        : 'a snapshot without gameId, epoch, lastEvent, actions and view';
    case 'game.event':
      return isString(m['gameId']) && isString(m['epoch']) && isCount(m['n']) && isRecord(m['view']) ? null : 'an event without gameId, epoch, n and view';
    default:
      return null;
  }
}

/** A text frame (or a value already parsed) as a server message, or why it is not one. Never throws. */
export function readServerMessage(data: unknown): ReadResult {
  let value: unknown = data;
  if (isString(data)) {
    try {
      value = JSON.parse(data);
    } catch {
      return { ok: false, error: 'not JSON' };
    }
  }
  if (!isRecord(value) || !isString(value['type'])) return { ok: false, error: 'not an object with a string type' };
  const why = missing(value);
  return why === null ? { ok: true, value: value as unknown as ServerToClient } : { ok: false, error: why };
}
