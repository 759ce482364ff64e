import { describe, expect, test } from 'vitest';
import { makeLongPositionId, makePositionId, parsePlainBoard, renderBoard, startPosition } from '@nardy/engine';
import { runCli } from './test-io.js';

const GNUBG_START = '4HPwATDgc/ABMA';

describe('nardy show', () => {
  test('a gnubg Position ID: short nardy by default', async () => {
    const r = await runCli(['show', GNUBG_START]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(renderBoard(startPosition('short'), { positionId: GNUBG_START }));
  });

  test('a gnubg Position ID as Caucasian, Black on roll, with dice', async () => {
    const r = await runCli(['show', GNUBG_START, '--variant', 'caucasian', '--turn', 'black', '--dice', '6-5']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(renderBoard(startPosition('caucasian', 'black'), { positionId: GNUBG_START, dice: [6, 5] }));
    expect(r.stdout).toContain('Caucasian nardy');
    expect(r.stdout).toContain('Rolled 65');
  });

  test("gnubg's PositionID:MatchID form", async () => {
    // As gnubg prints it after "new game" with the bottom player (X, player 1 = White here) to play 3-2.
    const r = await runCli(['show', `${GNUBG_START}:cIkJAAAAAAAA`]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Match ID   : cIkJAAAAAAAA');
    expect(r.stdout).toMatch(/Rolled 32/);
  });

  test('a long-nardy Position ID', async () => {
    const pos = startPosition('long');
    const id = makeLongPositionId(pos);
    for (const argv of [
      ['show', id, '--variant', 'long'],
      ['show', id],
    ]) {
      const r = await runCli(argv);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Long nardy');
      expect(r.stdout).toBe(renderBoard(pos, { positionId: id }));
    }
  });

  test('a plain-board JSON string, with its dice', async () => {
    const json = '{"variant":"long","onRoll":"black","white":{"24":14,"13":1},"black":{"12":15},"dice":[6,6],"firstTurn":true}';
    const r = await runCli(['show', json]);
    expect(r.code).toBe(0);
    const parsed = parsePlainBoard(JSON.parse(json));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { position } = parsed.value;
    expect(r.stdout).toBe(renderBoard(position, { dice: [6, 6], positionId: makePositionId(position) }));
    expect(r.stdout).toContain('Rolled 66 (first turn)');
  });

  test.each([
    [['show', 'not-an-id'], /^nardy: BAD_POSITION_ID: /],
    [['show', '4HPwATDgc/ABM!'], /^nardy: BAD_POSITION_ID: /],
    [['show', '{"variant":"long"'], /^nardy: bad plain-board JSON: /],
    [['show', '{"variant":"long","onRoll":"white","white":{"24":16},"black":{"12":15}}'], /^nardy: BAD_SETUP: /],
    [['show', GNUBG_START, '--dice', '77'], /^nardy: --dice must be two dice/],
    [['show', GNUBG_START, '--turn', 'red'], /^nardy: --turn must be one of white, black/],
    [['show', `${GNUBG_START}:nonsense`], /^nardy: BAD_MATCH_ID: /],
    [['show', 'a', 'b'], /^nardy: unexpected argument 'b'/],
  ])('%j → one-line error on stderr, exit 2', async (argv, message) => {
    const r = await runCli(argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
