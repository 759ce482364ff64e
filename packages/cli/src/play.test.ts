import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { currentTurns, makeTurnNotation, newMatch, replay, type MatchSettingsInput, type MatchState } from '@nardy/engine';
import { seededDice } from './dice.js';
import { runPlay, type PlayInput, type PlayView } from './play.js';
import { runCli } from './test-io.js';

const BIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/**
 * A scripted pair of players: they play the engine's first legal turn each time (in notation), and follow
 * `plan` for the rest. Every line they type is recorded, so the same session can be piped into the real bin.
 */
interface Plan {
  /** Lines typed at the first move prompt of the match, before the real move (illegal input, partial steps, undo). */
  readonly firstMove?: (view: PlayView) => string[];
  /** At "roll or double?": the answers, in order, when the cube can be offered (then always roll). */
  readonly cubeTurns?: string[];
  /** Answers to cube offers, in order. */
  readonly cubeAnswers?: string[];
  /** Lines typed at the start of the given game numbers' first move prompt (e.g. 'resign'). */
  readonly atGameStart?: Readonly<Record<number, string[]>>;
  /** Answers to resign offers, in order. */
  readonly resignAnswers?: string[];
  /** Answers to "Another game?" in a money session, in order. */
  readonly between?: string[];
  /** Stop answering (end of input) after this many lines. */
  readonly maxLines?: number;
}

function scripted(plan: Plan): PlayInput & { typed: string[] } {
  const typed: string[] = [];
  const queue: string[] = [];
  let firstDone = false;
  const gameStartDone = new Set<number>();
  const cubeTurns = [...(plan.cubeTurns ?? [])];
  const cubeAnswers = [...(plan.cubeAnswers ?? [])];
  const resignAnswers = [...(plan.resignAnswers ?? [])];
  const between = [...(plan.between ?? [])];
  const choose = (view: PlayView): string => {
    const s: MatchState = view.state;
    if (view.seat === null) return between.shift() ?? 'end';
    switch (s.phase) {
      case 'turnStart':
        return cubeTurns.shift() ?? 'roll';
      case 'cubeOffered':
        return cubeAnswers.shift() ?? 'take';
      case 'resignOffered':
        return resignAnswers.shift() ?? 'accept';
      case 'moving': {
        if (queue.length > 0) return queue.shift()!;
        if (!firstDone && plan.firstMove) {
          firstDone = true;
          queue.push(...plan.firstMove(view));
          return queue.shift()!;
        }
        const n = s.game.number;
        if (!gameStartDone.has(n) && plan.atGameStart?.[n]) {
          gameStartDone.add(n);
          queue.push(...plan.atGameStart[n]!);
          return queue.shift()!;
        }
        const turn = currentTurns(s)[0]!;
        return makeTurnNotation(s.game.position, turn);
      }
      default:
        throw new Error(`no prompt expected in phase ${s.phase}`);
    }
  };
  return {
    typed,
    next(_prompt, view) {
      if (plan.maxLines !== undefined && typed.length >= plan.maxLines) return Promise.resolve(null);
      const line = choose(view);
      typed.push(line);
      return Promise.resolve(line);
    },
  };
}

async function session(settings: MatchSettingsInput, seed: number, plan: Plan) {
  const start = newMatch(settings);
  if (!start.ok) throw new Error(start.error.message);
  const input = scripted(plan);
  let transcript = '';
  const outcome = await runPlay(
    { state: start.value, names: { p1: 'Anna', p2: 'Boris' }, dice: seededDice(seed), echo: true },
    input,
    (t) => (transcript += t),
  );
  return { outcome, transcript, typed: input.typed };
}

/** The first move of the match: an illegal move, one step, undo, then the whole turn. */
const clumsyFirstMove = (view: PlayView): string[] => {
  const s = view.state;
  const pos = s.game.position;
  const turn = currentTurns(s)[0]!;
  return ['24/1', makeTurnNotation(pos, { steps: turn.steps.slice(0, 1) }), 'undo', 'board', makeTurnNotation(pos, turn)];
};

describe('nardy play, scripted', () => {
  test('short nardy match to 3 with the cube: illegal move, undo, double/take, redouble/pass, played to the end', async () => {
    const { outcome, transcript, typed } = await session({ variant: 'short', matchLength: 3, cube: { enabled: true } }, 7, {
      firstMove: clumsyFirstMove,
      cubeTurns: ['double', 'double'],
      cubeAnswers: ['take', 'pass'],
    });
    expect(outcome.end).toBe('finished');
    expect(transcript).toMatch(/Illegal: .*24\/1/);
    expect(transcript).toContain('Undone: no steps entered.');
    expect(transcript).toMatch(/doubles to 2\.\n/);
    expect(transcript).toMatch(/takes; the cube is at 2\./);
    expect(transcript).toMatch(/doubles to 4\.\n/);
    expect(transcript).toMatch(/passes\./);
    expect(transcript).toMatch(/Game 1: \w+ wins a single game \(the cube was passed, cube 2\): 2 points\./);
    expect(transcript).toMatch(/wins the match\. Final score: Anna \d, Boris \d\.\n$/);
    // The action log is the record: replaying it gives the same match.
    const again = replay(outcome.state.settings, outcome.actions);
    expect(again.ok && again.value.score).toEqual(outcome.state.score);
    await expect(transcript).toMatchFileSnapshot('./__snapshots__/play-short-match.txt');

    // The same lines piped into the real bin give the same session.
    if (existsSync(BIN)) {
      const r = spawnSync(process.execPath, [BIN, 'play', '--variant', 'short', '--match', '3', '--cube', '--seed', '7', '--names', 'Anna,Boris'], {
        input: `${typed.join('\n')}\n`,
        encoding: 'utf8',
      });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(`Short nardy (backgammon): match to 3, with the cube. Anna against Boris. Type help for the commands.\n${transcript}`);
    }
  });

  test('long nardy, one game played out: fresh opening throw, head rule, bear-off', async () => {
    const { outcome, transcript } = await session({ variant: 'long', matchLength: 1 }, 3, {});
    expect(outcome.end).toBe('finished');
    expect(transcript).toMatch(/^Opening throw: Anna \d, Boris \d/);
    expect(transcript).toMatch(/Game 1: \w+ starts and plays White \(O\)\./);
    expect(transcript).toContain('Rolled');
    expect(transcript).toMatch(/\/off/);
    expect(transcript).toMatch(/Game 1: \w+ wins (an oin \(a single game\)|a mars) \(bearing off\)/);
    expect(transcript).toMatch(/wins the match\./);
  });

  test('Caucasian money session with beavers: beaver and take, a declined and an accepted resignation, end', async () => {
    const { outcome, transcript } = await session({ variant: 'caucasian', matchLength: 0, cube: { enabled: true, beaver: true } }, 11, {
      cubeTurns: ['double'],
      cubeAnswers: ['beaver', 'take'],
      atGameStart: { 1: ['resign mars'], 2: ['resign'] },
      resignAnswers: ['decline', 'accept'],
      between: ['yes', 'end'],
    });
    expect(outcome.end).toBe('finished');
    expect(transcript).toMatch(/beavers: the cube is at 4\./);
    expect(transcript).toMatch(/takes; the cube is at 4\./);
    expect(transcript).toMatch(/declines; play goes on\./);
    expect(transcript).toMatch(/Game 2: \w+ wins a single game \(by resignation\): 1 point\./);
    expect(transcript).toMatch(/Another game\? \(yes\/end\) end\n/);
    expect(transcript).toMatch(/(is ahead when the session ends|The session ends level)/);
  });

  test('input that ends early, and quit', async () => {
    const early = await session({ variant: 'short', matchLength: 1 }, 1, { maxLines: 3 });
    expect(early.outcome.end).toBe('eof');
    const r = await runCli(['play', '--variant', 'short', '--seed', '1'], 'help\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('nardy: the input ended before the match was over\n');
    const q = await runCli(['play', '--seed', '1'], 'quit\n');
    expect(q.code).toBe(0);
    expect(q.stdout).toMatch(/Match abandoned\. Score: Player 1 0, Player 2 0 \(match to 1\)\n$/);
  });

  test('illegal input gets a one-line reason and play goes on', async () => {
    const r = await runCli(['play', '--variant', 'short', '--seed', '5'], ['double', 'take', 'xyzzy', '25/1', 'hint', 'quit', ''].join('\n'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/'double' is not possible now/);
    expect(r.stdout).toMatch(/Illegal: "xyzzy" is not a move/);
    expect(r.stdout).toMatch(/No hints here/);
  });
});

describe('seeded dice', () => {
  test('the same seed gives the same dice; every face comes up about equally', () => {
    const a = seededDice(42);
    const b = seededDice(42);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60000; i++) {
      const x = a.die();
      expect(b.die()).toBe(x);
      counts[x - 1]!++;
    }
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(400);
    expect(seededDice(43).die() === seededDice(42).die() && seededDice(44).die() === seededDice(42).die()).toBe(false);
  });
});
