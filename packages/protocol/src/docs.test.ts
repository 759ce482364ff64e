import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, test } from 'vitest';
import { ERROR_CODES, PROTOCOL_VERSION } from './common.js';
import { CLIENT_TO_SERVER_TYPES } from './client-to-server.js';
import { GameEventSchema } from './events.js';
import { CLIENT_EXAMPLES, EVENT_EXAMPLES, MORE_SERVER_EXAMPLES, SERVER_EXAMPLES } from './examples.js';
import { parseClientMessage, parseServerMessage } from './parse.js';
import { SERVER_TO_CLIENT_TYPES } from './server-to-client.js';

/** docs/protocol.md is the contract third parties write against: it must show exactly what the schemas accept. */
const doc = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');
const blocks = [...doc.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => m[1]!);
const parsed = blocks.map((b) => JSON.parse(b) as unknown);

describe('docs/protocol.md', () => {
  test('every json block is a valid message or game event', () => {
    expect(blocks.length).toBeGreaterThan(40);
    for (const [i, value] of parsed.entries()) {
      const ok = parseClientMessage(value).ok || parseServerMessage(value).ok || GameEventSchema.safeParse(value).success;
      expect(ok, `json block ${i}:\n${blocks[i]}`).toBe(true);
    }
  });

  test('every exported example is shown', () => {
    const examples: unknown[] = [...Object.values(CLIENT_EXAMPLES), ...Object.values(SERVER_EXAMPLES), ...MORE_SERVER_EXAMPLES, ...EVENT_EXAMPLES];
    for (const e of examples) {
      const shown = parsed.some((p) => isDeepStrictEqual(p, e));
      expect(shown, `not in docs/protocol.md:\n${JSON.stringify(e, null, 2)}`).toBe(true);
    }
  });

  test('every message type, error code and the version are documented', () => {
    for (const t of [...CLIENT_TO_SERVER_TYPES, ...SERVER_TO_CLIENT_TYPES]) expect(doc).toContain(`\`${t}\``);
    for (const c of ERROR_CODES) expect(doc).toMatch(new RegExp(`^\\| \`${c}\` \\|`, 'm'));
    expect(doc).toContain(`# Nardy wire protocol (version ${PROTOCOL_VERSION})`);
  });
});
