import { SERVER_EXAMPLES } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { readServerMessage } from './serverMessage';

describe('reading a server frame', () => {
  it('takes every documented server message, as text or as a parsed value', () => {
    for (const example of Object.values(SERVER_EXAMPLES)) {
      expect(readServerMessage(JSON.stringify(example))).toEqual({ ok: true, value: example });
      expect(readServerMessage(example)).toEqual({ ok: true, value: example });
    }
  });

  it('takes a message type it does not know (a newer server), leaving it to the handlers of that type', () => {
    expect(readServerMessage('{"type":"lobby.somethingNew","x":1}')).toMatchObject({ ok: true });
  });

  it.each([
    ['not JSON', 'not json'],
    ['a JSON array', '[1,2]'],
    ['JSON null', 'null'],
    ['no type', '{"seekId":"s_1"}'],
    ['a type that is not a string', '{"type":7}'],
    ['an ack without an id', '{"type":"ack"}'],
    ['an ack with a number id', '{"type":"ack","id":2}'],
    ['an error without a code', '{"type":"error","id":"c1","message":"no"}'],
    ['an error with no id field', '{"type":"error","code":"NOT_FOUND","message":"no"}'],
    ['a snapshot without a view', '{"type":"game.snapshot","gameId":"g_1","epoch":"e1","lastEvent":3,"actions":[]}'],
    ['a snapshot without its move list', '{"type":"game.snapshot","gameId":"g_1","epoch":"e1","lastEvent":3,"view":{}}'],
    ['an event whose number is a string', '{"type":"game.event","gameId":"g_1","epoch":"e1","n":"4","view":{}}'],
    ['an event without its epoch', '{"type":"game.event","gameId":"g_1","n":4,"view":{}}'],
  ])('refuses %s', (_, frame) => {
    expect(readServerMessage(frame)).toMatchObject({ ok: false });
  });

  it('takes an error that answers no command (id null)', () => {
    expect(readServerMessage('{"type":"error","id":null,"code":"RATE_LIMITED","message":"slow down"}')).toMatchObject({ ok: true });
  });
});
