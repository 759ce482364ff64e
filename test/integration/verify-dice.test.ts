/**
 * `nardy verify-dice` against the real server: the built binary (`node packages/server/dist/main.js`) on a
 * temporary SQLite file, a guest who plays a few turns against the bot and resigns the match, then the CLI fetches
 * the finished game's record over HTTP and recomputes its throws. It spans two packages, so it lives in the
 * repository's test/ folder, the one place allowed to use both packages' test support (no package imports another's).
 * Skipped when the server is not built (`npm test` builds first).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROTOCOL_VERSION, type ServerToClient } from '@nardy/protocol';
import { afterAll, expect, it } from 'vitest';
import { SERVER_MAIN, WireClient, guestCookie, killServers, startBuiltServer } from '../../packages/server/src/testing/built-server.suite.js';
import { runCli } from '../../packages/cli/src/test-io.js';

const dir = mkdtempSync(join(tmpdir(), 'nardy-verify-dice-server-'));

afterAll(() => {
  killServers();
  rmSync(dir, { recursive: true, force: true });
});

it.skipIf(!existsSync(SERVER_MAIN))('verifies a game played on the real server, fetched over HTTP', { timeout: 60_000 }, async () => {
  const { url } = await startBuiltServer(join(dir, 'nardy.db'));
  const a = await WireClient.open(url, await guestCookie(url));
  expect(await a.command({ type: 'hello', protocol: PROTOCOL_VERSION })).toMatchObject({ type: 'ack' });
  const started = await a.command({ type: 'bot.play', level: 4, settings: { match: { variant: 'short', matchLength: 1 }, rated: false, stake: 0 } });
  expect(started).toMatchObject({ type: 'ack', result: { kind: 'game' } });
  const gameId = (started as { result: { gameId: string } }).result.gameId;
  expect(await a.command({ type: 'game.subscribe', gameId })).toMatchObject({ type: 'ack' });
  for (let i = 0; i < 6; i++) await a.playOne(gameId);

  // While the match goes on the seed is secret: nothing to verify yet.
  const live = await runCli(['verify-dice', gameId, '--server', url]);
  expect(live.code).toBe(2);
  expect(live.stderr).toMatch(/its server seed is revealed when the match ends/);

  // Resign the match (again on a stale version: the bot may have moved meanwhile).
  let resigned: ServerToClient | null = null;
  for (let i = 0; i < 20 && resigned?.type !== 'ack'; i++) {
    resigned = await a.command({ type: 'game.action', gameId, version: a.view(gameId)!.version, action: { type: 'resignMatch' } });
    if (resigned.type === 'error' && resigned.code !== 'STALE_VERSION') throw new Error(`refused: ${JSON.stringify(resigned)}`);
    if (resigned.type === 'error') await new Promise((res) => setTimeout(res, 50));
  }
  expect(resigned).toMatchObject({ type: 'ack' });
  let r = await runCli(['verify-dice', gameId, '--server', url]);
  for (let i = 0; i < 20 && r.code === 2; i++) {
    // The game is written as finished just after the ack.
    await new Promise((res) => setTimeout(res, 100));
    r = await runCli(['verify-dice', gameId, '--server', url]);
  }
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/^ok: \d+ throws verified$/m);
  expect(Number(/ok: (\d+) throws/.exec(r.stdout)![1])).toBeGreaterThanOrEqual(3);
  a.close();
});
