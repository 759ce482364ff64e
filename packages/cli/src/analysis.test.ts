import { describe, expect, it } from 'vitest';
import { isValidProbabilities, type Probabilities } from '@nardy/ai';
import { boardKey, legalTurns, parseGnubgPositionId } from '@nardy/engine';
import { runCli } from './test-io.js';

const START = '4HPwATDgc/ABMA';

interface HintJson {
  readonly position: string;
  readonly dice: number[];
  readonly turns: { rank: number; move: string; result: string; after?: string; plies: number; equity: number; diff: number; probabilities: Probabilities }[];
}

describe('nardy hint, eval, rollout, bot, match: help', () => {
  it.each(['hint', 'eval', 'rollout', 'bot', 'match'])('nardy %s --help, and listed in nardy --help', async (cmd) => {
    const r = await runCli([cmd, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: nardy ${cmd}`));
    expect((await runCli(['--help'])).stdout).toMatch(new RegExp(`^  ${cmd} `, 'm'));
  });
});

describe('nardy hint', () => {
  it('ranks every legal turn best first with probabilities, equity and the difference from the best', async () => {
    const r = await runCli(['hint', START, '--dice', '31', '--level', 'expert', '--json']);
    expect(r.code).toBe(0);
    const h = JSON.parse(r.stdout) as HintJson;
    expect(h.turns).toHaveLength(16); // gnubg lists 16 plays for 31 from the start (README (a))
    const start = parseGnubgPositionId(START);
    if (!start.ok) throw new Error('bad ID');
    expect(new Set(h.turns.map((t) => t.result))).toEqual(new Set(legalTurns(start.value, [3, 1]).map((t) => boardKey(t.after))));
    expect(h.turns.find((t) => t.move === '8/5 6/5')?.after).toBe('4HPwATCwZ/ABMA'); // play.py's "after" (README (a))
    for (let i = 0; i < h.turns.length; i++) {
      const t = h.turns[i]!;
      expect(t.rank).toBe(i + 1);
      expect(isValidProbabilities(t.probabilities, 1e-6)).toBe(true);
      expect(t.diff).toBeCloseTo(t.equity - h.turns[0]!.equity, 12);
      if (i > 0) expect(t.equity).toBeLessThanOrEqual(h.turns[i - 1]!.equity);
    }
  });

  it('prints gnubg-style lines; a plain board with its dice works for long nardy', async () => {
    const text = await runCli(['hint', START, '--dice', '3-1', '--level', 'expert']);
    expect(text.stdout).toMatch(/^ {3}1\. 0-ply {2}\S.* Eq\.: [+-]\d\.\d{3}\n {14}\d\.\d{3} \d\.\d{3} \d\.\d{3} - /m);
    expect(text.stdout).toMatch(/^ {3}2\. .*Eq\.: [+-]\d\.\d{3} \(-\d\.\d{3}\)$/m);
    const board = { variant: 'long', onRoll: 'white', white: { '24': 15 }, black: { '12': 15 }, dice: [3, 3], firstTurn: true };
    const long = await runCli(['hint', JSON.stringify(board), '--json', '--level', 'expert']);
    const h = JSON.parse(long.stdout) as HintJson;
    // The fixtures README's example: two distinct results for 3-3 on the first turn (head exception L10).
    expect(h.turns.map((t) => t.result).sort()).toEqual([
      'W:24x13,18x2|B:12x15|Woff:0|Boff:0|Wbar:0|Bbar:0',
      'W:24x13,21x1,15x1|B:12x15|Woff:0|Boff:0|Wbar:0|Bbar:0',
    ]);
    expect(h.turns[0]!.after).toBeUndefined(); // no gnubg ID for long nardy
  });

  it('needs dice', async () => {
    const r = await runCli(['hint', START]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/hint needs dice/);
  });
});

describe('nardy eval', () => {
  it('gives valid probabilities, the cubeless equity and the cube decision with its equities', async () => {
    const r = await runCli(['eval', START, '--json']);
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout) as {
      probabilities: Probabilities;
      cubelessEquity: number;
      equities: Record<string, number>;
      cubefulEquity: number;
      action: string;
      response: string;
    };
    expect(isValidProbabilities(e.probabilities, 1e-6)).toBe(true);
    const p = e.probabilities;
    expect(e.cubelessEquity).toBeCloseTo(2 * p.win - 1 + p.winMars - p.loseMars + p.winKoks - p.loseKoks, 9);
    expect(e.cubefulEquity).toBe(e.equities['optimal']);
    expect(e.action).toBe('noDouble'); // nobody doubles at the start
    expect(e.response).toBe('take');
    expect(e.equities['pass']).toBe(1);
  });

  it('reads the cube and the score from a Match ID', async () => {
    // Match to 7, cube 2 owned by player 1 (White, on roll), score 2 (player 0) to 3 (player 1): made by
    // shared/tools/gnubg/posid.mjs encodeMatchId.
    const r = await runCli(['eval', `${START}:UQngACAAGAAE`, '--json']);
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout) as { cube: { value: number; owner: string; away?: unknown } };
    expect(e.cube).toEqual({ value: 2, owner: 'onRoll', away: { onRoll: 4, opponent: 5 }, stage: 'preCrawford' });
    const text = await runCli(['eval', START]);
    expect(text.stdout).toMatch(/cube 1 centred, money: no double [+-]\d\.\d{3}, double\/take [+-]\d\.\d{3}, double\/pass \+1\.000/);
  });
});

describe('nardy rollout', () => {
  it('rolls out reproducibly (--json), the same on this thread and on workers, after a played turn too', async () => {
    const args = ['rollout', START, '--trials', '8', '--truncate', '4', '--seed', '5', '--json'];
    const here = await runCli([...args, '--workers', '0']);
    expect(here.code).toBe(0);
    const two = await runCli([...args, '--workers', '2']);
    const a = JSON.parse(here.stdout) as { trials: number; equity: number; standardError: { equity: number }; probabilities: Probabilities };
    expect(JSON.parse(two.stdout)).toEqual(a);
    expect(a.trials).toBe(8);
    expect(a.standardError.equity).toBeGreaterThan(0);
    expect(here.stderr).toBe(''); // no progress bar when stderr is not a terminal
    const played = await runCli(['rollout', START, '--dice', '31', '--play', '8/5 6/5', '--trials', '4', '--truncate', '2', '--workers', '0', '--json']);
    expect((JSON.parse(played.stdout) as { played: string }).played).toBe('8/5 6/5');
  }, 120_000);

  it('prints a table of means and standard errors', async () => {
    const r = await runCli(['rollout', START, '--trials', '4', '--truncate', '2', '--workers', '0', '--no-luck']);
    expect(r.stdout).toMatch(/4 trials, seed 1, expert, luck adjustment off, truncated at 2 half-moves/);
    expect(r.stdout).toMatch(/^ {2}mean .*[+-]\d\.\d{4}$/m);
    expect(r.stdout).toMatch(/^ {2}s\.e\. /m);
  });

  it.each([
    [['rollout', START, '--play', '8/5 6/5'], /--play needs the dice/],
    [['rollout', START, '--dice', '31', '--play', '8/1'], /--play: /],
    [['rollout', START, '--trials', '0'], /--trials must be an integer from 1/],
    [['rollout', START, '--level', 'god'], /--level must be one of beginner/],
  ])('%j → usage error', async (argv, message) => {
    const r = await runCli(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
