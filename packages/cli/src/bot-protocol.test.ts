import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULE_OPTIONS, boardKey, legalTurns, makePlainBoard, parsePlainBoard, startPosition, type Die } from '@nardy/engine';
import { randomPlayPosition } from '@nardy/engine/testing';
import { BotSession } from './bot-protocol.js';
import { runCli } from './test-io.js';

// Requests recorded from `./gnubg-py play.py --bot "nardy bot --stdio --level expert" --cube --log ...`
// (shared/tools/gnubg): move, double, take, end and bye lines exactly as play.py sends them.
const RECORDED = readFileSync(new URL('./bot-protocol.fixture.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n');
const recorded = (type: string): string[] => RECORDED.filter((l) => (JSON.parse(l) as { type: string }).type === type);

const session = (variant: 'short' | 'long' | 'caucasian' = 'short'): BotSession =>
  new BotSession({ variant, level: 'expert', rules: DEFAULT_RULE_OPTIONS, seed: 1 });

describe("bot protocol on play.py's recorded requests", () => {
  it('answers every move with the "after" of one of the listed plays', () => {
    const bot = session();
    const moves = recorded('move');
    expect(moves.length).toBeGreaterThan(3);
    for (const line of moves) {
      const req = JSON.parse(line) as { plays: { after: string }[] };
      const { answer, bye } = bot.reply(line);
      expect(bye).toBe(false);
      const a = JSON.parse(answer!) as { after: string };
      expect(req.plays.map((p) => p.after)).toContain(a.after);
    }
  });

  it('match play: a move under a match cube (scored by match winning chances) is still one of the listed plays', () => {
    const bot = session();
    for (const [me, opp, crawford] of [
      [0, 0, false],
      [4, 2, true],
      [4, 4, false],
    ] as const) {
      for (const line of recorded('move').slice(0, 3)) {
        const req = JSON.parse(line) as { plays: { after: string }[]; cube: object };
        const match = { ...req, cube: { value: 1, owner: 'centre', matchTo: 5, score: { me, opp }, crawford } };
        const a = JSON.parse(bot.reply(JSON.stringify(match)).answer!) as { after: string };
        expect(req.plays.map((p) => p.after)).toContain(a.after);
      }
    }
  });

  it('match play without a crawford flag (as play.py sends): the Crawford game is told from the games seen (G3)', () => {
    // A position whose best turn at 2–4 and 3–4 of a match to 5 differs between the Crawford game and after it.
    const board = makePlainBoard(randomPlayPosition('short', 68, { plies: 18 }), [3, 5]);
    const move = (bot: BotSession, game: number, me: number, crawford?: boolean): string =>
      bot.reply(
        JSON.stringify({
          type: 'move',
          game,
          board,
          cube: { value: 1, owner: 'centre', matchTo: 5, score: { me, opp: 4 }, ...(crawford === undefined ? {} : { crawford }) },
        }),
      ).answer!;
    const flagged = session();
    const [crawford, afterCrawford] = [move(flagged, 1, 2, true), move(flagged, 1, 3, false)];
    expect(crawford).not.toBe(move(flagged, 1, 2, false));
    expect(afterCrawford).not.toBe(move(flagged, 1, 3, true));
    const bot = session();
    bot.reply(JSON.stringify({ type: 'move', game: 1, board, cube: { value: 1, owner: 'centre', matchTo: 5, score: { me: 2, opp: 0 } } }));
    expect(bot.reply(JSON.stringify({ type: 'end', game: 1, points: -4, winner: 'gnubg' }))).toEqual({ answer: null, bye: false });
    expect(move(bot, 2, 2)).toBe(crawford); // 2–4: the first game with a side 1-away
    bot.reply(JSON.stringify({ type: 'end', game: 2, points: 1, winner: 'bot' }));
    expect(move(bot, 3, 3)).toBe(afterCrawford); // 3–4: after it
    expect(bot.reply('{"type":"end","game":"x"}')).toEqual({ answer: null, bye: false }); // malformed: still no answer
  });

  it('answers double with double|roll and take with take|drop; end and bye get no answer', () => {
    const bot = session();
    for (const line of recorded('double')) expect(['double', 'roll']).toContain((JSON.parse(bot.reply(line).answer!) as { action: string }).action);
    for (const line of recorded('take')) expect(['take', 'drop']).toContain((JSON.parse(bot.reply(line).answer!) as { action: string }).action);
    expect(bot.reply(recorded('end')[0]!)).toEqual({ answer: null, bye: false });
    expect(bot.reply('{"type":"bye"}')).toEqual({ answer: null, bye: true });
  });

  it('takes a clear take and drops a clear pass (money, centred cube)', () => {
    const bot = session();
    const cube = { value: 1, owner: 'centre', matchTo: 0, score: { me: 0, opp: 0 } };
    // The bot (on roll in the ID) is far behind in a pure race: 15 checkers on its 6-point vs the doubler's 15 on his ace.
    const lost = parsePlainBoard({ variant: 'short', onRoll: 'black', white: { '6': 15 }, black: { '24': 15 } });
    if (!lost.ok) throw new Error(lost.error.message);
    const take = (board: object): string => (JSON.parse(bot.reply(JSON.stringify({ type: 'take', board, cube })).answer!) as { action: string }).action;
    expect(take(makePlainBoard(lost.value.position))).toBe('drop');
    expect(take(makePlainBoard(startPosition('short', 'black')))).toBe('take');
  });
});

describe('bot protocol with plain boards (long nardy, Caucasian)', () => {
  it.each(['long', 'caucasian', 'short'] as const)('%s: the answer is the canonical key of a legal turn', (variant) => {
    const bot = session(variant);
    for (let seed = 1; seed <= 20; seed++) {
      const position = randomPlayPosition(variant, seed, { plies: seed * 3 });
      const dice = [(1 + (seed % 6)) as Die, (1 + ((seed * 5) % 6)) as Die] as const;
      const board = makePlainBoard(position, dice);
      const { answer } = bot.reply(JSON.stringify({ type: 'move', board }));
      const legal = legalTurns(position, dice).map((t) => boardKey(t.after));
      const a = JSON.parse(answer!) as { result: string };
      if (legal.length === 0) expect(a.result).toBe(boardKey(position));
      else expect(legal).toContain(a.result);
    }
  });
});

describe('bot protocol errors', () => {
  it.each([
    ['not json', /bad JSON/],
    ['[1,2]', /JSON object/],
    ['{"type":"dance"}', /unknown request type/],
    ['{"type":"move","dice":[3,1]}', /needs "pos"/],
    ['{"type":"move","pos":"4HPwATDgc/ABMA"}', /needs "dice"/],
    ['{"type":"move","pos":"4HPwATDgc/ABMA","dice":[7,1]}', /dice/],
    ['{"type":"move","pos":"nonsense","dice":[3,1]}', /BAD_POSITION_ID/],
    ['{"type":"double","pos":"4HPwATDgc/ABMA","cube":{"owner":"him"}}', /cube\.owner/],
    ['{"type":"move","pos":"4HPwATDgc/ABMA","dice":[3,1],"cube":{"value":0}}', /cube\.value/],
    ['{"type":"move","pos":"4HPwATDgc/ABMA","dice":[3,1],"cube":{"matchTo":5,"crawford":"yes"}}', /cube\.crawford/],
  ])('%s → an error line', (line, message) => {
    const { answer, bye } = session().reply(line);
    expect(bye).toBe(false);
    expect((JSON.parse(answer!) as { error: string }).error).toMatch(message);
  });

  it('nardy bot --stdio answers line by line, goes on after a bad line and stops at bye', async () => {
    const input = ['garbage', recorded('move')[0]!, '', recorded('end')[0]!, '{"type":"bye"}', recorded('move')[1]!].join('\n');
    const r = await runCli(['bot', '--stdio', '--level', 'expert', '--seed', '3'], input);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2); // the error and the move; nothing for the blank line, end, bye, or after bye
    expect(lines[0]!['error']).toMatch(/bad JSON/);
    expect(typeof lines[1]!['after']).toBe('string');
  });

  it('nardy bot without --stdio is a usage error', async () => {
    const r = await runCli(['bot']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--stdio/);
  });
});
