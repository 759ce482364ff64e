import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { OFF, opposite, passTurn, seededRng, startPosition, winnerOf, type Position, type Rng } from '@nardy/engine';
import { type Probabilities, rankTurnsPly, type SearchContext, staticEvaluator } from '@nardy/ai';
import { backGameStart } from './back-game-starts.js';
import {
  decisionGaps,
  decisionGroups,
  keepDisagreements,
  labelledPosition,
  labelSelfPlay,
  packShard,
  pairedGain,
  rankingLoss,
  readShards,
  shardWriter,
  withinDecisionTargets,
  type Labelled,
  type Sampling,
} from './distill-data.js';
import { throwDice } from './td.js';

const even: Probabilities = { win: 0.5, winMars: 0.1, winKoks: 0, loseMars: 0.1, loseKoks: 0 };
const ctx: SearchContext = { evaluate: staticEvaluator('short') };
const collect = async (seed: number, n: number, sampling: Sampling = { kind: 'position' }): Promise<Labelled[]> => {
  const got: Labelled[] = [];
  await labelSelfPlay(
    'short',
    ctx,
    sampling,
    () => even,
    n,
    seed,
    (d) => got.push(d),
  );
  return got;
};

describe('distillation data (distill-data.ts)', () => {
  it('labels positions of self-play, the same ones for the same seed, each a whole position with its label', async () => {
    const a = await collect(3, 150);
    expect(a).toHaveLength(150);
    expect(await collect(3, 150)).toEqual(a);
    expect(await collect(4, 150)).not.toEqual(a);
    for (const d of a) {
      expect(d.me.reduce((s, n) => s + n, 0)).toBe(15);
      expect(d.them.reduce((s, n) => s + n, 0)).toBe(15);
      expect(d.label).toEqual([0.5, 0.1, 0, 0.1, 0]);
    }
  });

  it('labels only the positions wanted, playing the rest of the games', async () => {
    const got: Labelled[] = [];
    const wanted = (p: Position): boolean => p.board[p.turn][OFF]! > 0; // the side on roll has borne off
    await labelSelfPlay(
      'short',
      ctx,
      { kind: 'position' },
      () => even,
      20,
      2,
      (d) => got.push(d),
      { wanted },
    );
    expect(got).toHaveLength(20);
    for (const d of got) expect(d.me[OFF]).toBeGreaterThan(0);
  });

  it('starts each game where `start` says', async () => {
    const starts: Position[] = [];
    const start = (rng: Rng): Position => {
      const p = backGameStart(rng);
      starts.push(p);
      return p;
    };
    const got: Labelled[] = [];
    await labelSelfPlay(
      'short',
      ctx,
      { kind: 'position', every: 1 },
      () => even,
      40,
      4,
      (d) => got.push(d),
      { start },
    );
    expect(starts.length).toBeGreaterThan(0);
    // With a stride of 1 the first label is the start itself.
    const first = starts[0]!;
    expect(got[0]).toMatchObject({ me: first.board[first.turn], them: first.board[opposite(first.turn)] });
  });

  it('labels fewer positions of the same games with a longer stride (`every`)', async () => {
    const key = (d: Labelled): string => JSON.stringify([d.me, d.them]);
    const sparse = await collect(3, 30, { kind: 'position', every: 6 });
    const dense = new Set((await collect(3, 150)).map(key));
    expect(sparse).toHaveLength(30);
    for (const d of sparse) expect(dense.has(key(d))).toBe(true);
    // Far fewer per game: 30 strided positions reach further into the games than the first 30 dense ones.
    const first30 = new Set((await collect(3, 30)).map(key));
    expect(sparse.filter((d) => !first30.has(key(d))).length).toBeGreaterThan(15);
  });

  it('refuses a stride that is not a positive whole number (0 would label nothing, forever)', async () => {
    for (const every of [0, -2, 1.5, Number.NaN]) {
      await expect(
        labelSelfPlay(
          'short',
          ctx,
          { kind: 'position', every },
          () => even,
          5,
          1,
          () => {},
        ),
      ).rejects.toThrow(RangeError);
    }
  });

  it('passes the labeller each position with a running index', async () => {
    const seen: number[] = [];
    await labelSelfPlay(
      'short',
      ctx,
      { kind: 'position' },
      (_p: Position, i) => (seen.push(i), even),
      5,
      1,
      () => {},
    );
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });

  it('labels, at a decision, the positions after the best turns by static evaluation (opponent on roll), best first', async () => {
    const rng = seededRng(9);
    const start = startPosition('short', rng() < 0.5 ? 'white' : 'black');
    const ranked = rankTurnsPly(start, throwDice(rng), 0, [], ctx);
    expect(ranked.length).toBeGreaterThan(3);
    const top = ranked.slice(0, 3).map(({ turn: { after } }) => ({ me: after.board[after.turn], them: after.board[opposite(after.turn)] }));
    const got = await collect(9, 3, { kind: 'candidates', keep: 3, within: 10 });
    expect(got.map(({ me, them }) => ({ me, them }))).toEqual(top);
    // Nothing within a hair of the best but the best itself: one position per decision.
    const one = await collect(9, 40, { kind: 'candidates', keep: 3, within: 0 });
    expect(one[0]).toMatchObject(top[0]!);
    expect(new Set(one.map((d) => JSON.stringify(d.me))).size).toBeGreaterThan(30);
  });

  it('with `disagree`, labels only the decisions where the deeper search picks another turn: its best first, and the 0-ply pick', async () => {
    const filters = [{ keep: 4, within: 0.3 }];
    const sampling: Sampling = { kind: 'candidates', keep: 2, within: 0.16, disagree: { plies: 1, filters } };
    const got: Labelled[] = [];
    const decisionsSeen: (number | undefined)[] = [];
    await labelSelfPlay(
      'short',
      ctx,
      sampling,
      (_p, _i, decision) => (decisionsSeen.push(decision), even),
      30,
      6,
      (d) => got.push(d),
    );
    expect(got).toHaveLength(30);
    // The labeller is told each candidate's decision (a rollout seeded by it gives them the same dice).
    expect(decisionsSeen).toEqual(got.map((d) => d.decision));
    // Replay the same games (the same seed draws the same dice) and check each labelled decision.
    const rng = seededRng(6);
    let pos = startPosition('short', rng() < 0.5 ? 'white' : 'black');
    const key = (p: Position): string => JSON.stringify([p.board[p.turn], p.board[opposite(p.turn)]]);
    const groups = decisionGroups(got);
    let g = 0;
    while (g < groups.length) {
      const dice = throwDice(rng);
      const flat = rankTurnsPly(pos, dice, 0, [], ctx);
      const deep = rankTurnsPly(pos, dice, 1, filters, ctx).filter((r) => r.plies === 1);
      if (flat.length > 1 && deep.length > 0 && key(deep[0]!.turn.after) !== key(flat[0]!.turn.after)) {
        const group = groups[g++]!.map((d) => JSON.stringify([d.me, d.them]));
        const want = deep.slice(0, 2).map((r) => key(r.turn.after));
        if (!want.includes(key(flat[0]!.turn.after))) want.push(key(flat[0]!.turn.after));
        // The last group may be cut short by the count.
        expect(group).toEqual(want.slice(0, group.length));
      }
      pos = flat[0]?.turn.after ?? passTurn(pos).after;
      if (winnerOf(pos)) pos = startPosition('short', rng() < 0.5 ? 'white' : 'black');
    }
    expect(groups.length).toBeGreaterThan(5);
  });

  it('with `agree`, labels only the decisions where the deeper search picks the 0-ply turn, with their usual candidates', async () => {
    const filters = [{ keep: 4, within: 0.3 }];
    const got: Labelled[] = [];
    await labelSelfPlay(
      'short',
      ctx,
      { kind: 'candidates', keep: 2, within: 0.16, agree: { plies: 1, filters } },
      () => even,
      30,
      6,
      (d) => got.push(d),
    );
    expect(got).toHaveLength(30);
    const rng = seededRng(6);
    let pos = startPosition('short', rng() < 0.5 ? 'white' : 'black');
    const key = (p: Position): string => JSON.stringify([p.board[p.turn], p.board[opposite(p.turn)]]);
    const groups = decisionGroups(got);
    let g = 0;
    let skipped = 0;
    while (g < groups.length) {
      const dice = throwDice(rng);
      const flat = rankTurnsPly(pos, dice, 0, [], ctx);
      if (flat.length > 1) {
        const deep = rankTurnsPly(pos, dice, 1, filters, ctx).filter((r) => r.plies === 1);
        if (deep.length > 0 && key(deep[0]!.turn.after) === key(flat[0]!.turn.after)) {
          const want = flat.filter((r, i) => i < 2 && r.equity >= flat[0]!.equity - 0.16).map((r) => key(r.turn.after));
          const group = groups[g++]!.map((d) => JSON.stringify([d.me, d.them]));
          expect(group).toEqual(want.slice(0, group.length));
        } else skipped++;
      }
      pos = flat[0]?.turn.after ?? passTurn(pos).after;
      if (winnerOf(pos)) pos = startPosition('short', rng() < 0.5 ? 'white' : 'black');
    }
    // Some decisions were left out: those where the deeper search parts from 0-ply.
    expect(skipped).toBeGreaterThan(0);
  });

  it('writes shards that read back, drops a partial last line (a killed writer), and names a corrupt line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nardy-distill-'));
    const file = join(dir, 'a.jsonl');
    const data = await collect(5, 7);
    const w = shardWriter(file, 3);
    data.forEach(w.add);
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(7); // two batches of 3 written so far
    w.flush();
    expect(readShards([file])).toEqual(data);

    writeFileSync(file, `${readFileSync(file, 'utf8')}{"me":[0,`);
    expect(readShards([file])).toEqual(data);
    const zipped = join(dir, 'a.jsonl.gz');
    writeFileSync(zipped, gzipSync(readFileSync(file)));
    expect(readShards([zipped, file])).toEqual([...data, ...data]);
    writeFileSync(zipped, readFileSync(file).subarray(0, 40));
    expect(() => readShards([zipped])).toThrow(`${zipped}: not a gzipped shard`);

    // Packed: the same positions, labels to 5 decimals; a damaged pack is named, not half read.
    const packed = join(dir, 'a.jsonl.br');
    writeFileSync(packed, packShard(data));
    const unpacked = readShards([packed]);
    expect(unpacked.map(({ label: _, ...rest }) => rest)).toEqual(data.map(({ label: _, ...rest }) => rest));
    unpacked.forEach((d, i) => d.label.forEach((x, k) => expect(Math.abs(x - data[i]!.label[k]!)).toBeLessThanOrEqual(5e-6)));
    writeFileSync(packed, packShard(data).subarray(0, 20));
    expect(() => readShards([packed])).toThrow(`${packed}: not a packed shard`);

    const bad = join(dir, 'b.jsonl');
    writeFileSync(bad, `${JSON.stringify(data[0])}\n{"me":1}\n`);
    expect(() => readShards([bad])).toThrow(`${bad}:2: not a labelled position`);
    writeFileSync(bad, `${JSON.stringify(data[0])}\nnope\n`);
    expect(() => readShards([bad])).toThrow(`${bad}:2: not JSON`);
  });

  it('measures a static ranking of labelled candidates by the equity it loses against the labels', () => {
    const at = (decision: number, win: number): Labelled => ({ me: [], them: [], label: [win, 0, 0, 0, 0], decision });
    // Decision 0: the labels' best for the mover is the opponent's 0.3 (equity −0.4); decision 1 has no choice.
    const set = [at(0, 0.5), at(0, 0.3), at(0, 0.4), at(1, 0.9), { me: [], them: [], label: [0.6, 0, 0, 0, 0] }];
    expect(rankingLoss(decisionGaps(set, (d) => d.label))).toEqual({ decisions: 1, loss: 0, differ: 0 });
    // A valuation that likes the first candidate best loses 0.4 of equity (0 against −0.4).
    const wrong = rankingLoss(decisionGaps(set, (d) => (d === set[0] ? [0.1, 0, 0, 0, 0] : d.label)));
    expect(wrong.decisions).toBe(1);
    expect(wrong.loss).toBeCloseTo(0.4, 12);
    expect(wrong.differ).toBe(1);
    // Two shards both number their decisions from 0: a second shard's decision 0 is another decision.
    expect(rankingLoss(decisionGaps([...set, ...set], (d) => (d === set[0] ? [0.1, 0, 0, 0, 0] : d.label))).decisions).toBe(2);
  });

  it('pairs two valuations decision by decision: the mean of their differences in loss, with its 95 % half-width', () => {
    // Three decisions of two candidates each; the labels prefer the second candidate (lower for the opponent).
    const pair = (decision: number, gap: number): Labelled[] => [
      { me: [], them: [], label: [0.5 + gap, 0, 0, 0, 0], decision },
      { me: [], them: [], label: [0.5, 0, 0, 0, 0], decision },
    ];
    const set = [...pair(0, 0.1), ...pair(1, 0.2), ...pair(2, 0.3)];
    const wrongAt = (bad: ReadonlySet<number>) => (d: Labelled) => (bad.has(d.decision!) && d === set[2 * d.decision!] ? [0, 0, 0, 0, 0] : d.label);
    // Each pick of the first candidate loses twice its win gap in equity (win counts for and against).
    expect(decisionGaps(set, wrongAt(new Set([0, 2])))).toEqual([expect.closeTo(0.2, 12), 0, expect.closeTo(0.6, 12)]);
    // The labels themselves against a valuation wrong at decisions 0 and 2: gains 0.2, 0, 0.6 (mean 0.8/3).
    const g = pairedGain(
      decisionGaps(set, wrongAt(new Set([0, 2]))),
      decisionGaps(set, (d) => d.label),
    );
    expect(g.n).toBe(3);
    expect(g.gain).toBeCloseTo(0.8 / 3, 12);
    const sd = Math.sqrt(((0.2 - 0.8 / 3) ** 2 + (0 - 0.8 / 3) ** 2 + (0.6 - 0.8 / 3) ** 2) / 2);
    expect(g.ci95).toBeCloseTo((1.96 * sd) / Math.sqrt(3), 12);
    // The same valuation on both sides gains nothing, with no spread; no decisions, no figures.
    const right = decisionGaps(set, (d) => d.label);
    expect(pairedGain(right, right)).toEqual({ n: 3, gain: 0, ci95: 0 });
    expect(pairedGain([], [])).toEqual({ n: 0, gain: 0, ci95: 0 });
    // Gaps of different sets are not paired: a clear error, not a figure.
    expect(() => pairedGain(right, [0])).toThrow(/same set/);
  });

  it('reads a labelled position back as the position, the side on roll as white', () => {
    const start = startPosition('short', 'white');
    const d: Labelled = { me: [...start.board.white], them: [...start.board.black], label: [0.5, 0, 0, 0, 0] };
    const p = labelledPosition(d);
    expect(p.ok && p.value.turn === 'white' && p.value.board.white).toEqual(start.board.white);
    expect(labelledPosition({ ...d, me: [...d.me.slice(0, 6), 9, ...d.me.slice(7)] }).ok).toBe(false);
  });

  it('keeps the decisions a valuation gets wrong, a share of those it gets right, and every lone position', () => {
    // Decisions 0–3 of two candidates each; the labels prefer the second (lower for the opponent on roll there).
    const pair = (decision: number): Labelled[] => [
      { me: [], them: [], label: [0.6, 0, 0, 0, 0], decision },
      { me: [], them: [], label: [0.5, 0, 0, 0, 0], decision },
    ];
    const lone: Labelled = { me: [], them: [], label: [0.7, 0, 0, 0, 0] };
    const set = [...pair(0), ...pair(1), lone, ...pair(2), ...pair(3)];
    // Wrong at decisions 1 and 3: it likes their first candidate best.
    const value = (d: Labelled) => ((d.decision === 1 || d.decision === 3) && d.label[0] === 0.6 ? [0, 0, 0, 0, 0] : d.label);
    const decisions = (kept: Labelled[]) => decisionGroups(kept).map((g) => (g.length > 1 ? g[0]!.decision : 'lone'));
    expect(decisions(keepDisagreements(set, value, 0, seededRng(1)))).toEqual([1, 'lone', 3]);
    expect(keepDisagreements(set, value, 1, seededRng(1))).toEqual(set);
    // With a share in between, each agreeing decision is kept or dropped whole, by the draw.
    const draws = [0.2, 0.9];
    const kept = keepDisagreements(set, value, 0.5, () => draws.shift()!);
    expect(decisions(kept)).toEqual([0, 1, 'lone', 3]);
    expect(kept).toHaveLength(7);
    expect(() => keepDisagreements(set, value, 1.5, seededRng(1))).toThrow(RangeError);
  });

  it('groups candidates by decision: consecutive runs, a position without a decision alone', () => {
    const at = (decision?: number): Labelled => ({ me: [], them: [], label: [0, 0, 0, 0, 0], ...(decision === undefined ? {} : { decision }) });
    const set = [at(0), at(0), at(1), at(), at(), at(0), at(0)];
    // Each `at` is its own object, so indexOf names exactly which position went where.
    expect(decisionGroups(set).map((g) => g.map((d) => set.indexOf(d)))).toEqual([[0, 1], [2], [3], [4], [5, 6]]);
    expect(decisionGroups([])).toEqual([]);
  });

  it('shifts targets by the shared error so that the gradient also fits the differences within a decision', () => {
    const labels = [
      [0.5, 0.1, 0, 0.2, 0],
      [0.3, 0.1, 0, 0.1, 0],
    ];
    // The net is 0.1 too high on win for both: a shared error, which no pick depends on.
    const values = [
      [0.6, 0.1, 0, 0.2, 0],
      [0.4, 0.1, 0, 0.1, 0],
    ];
    expect(withinDecisionTargets(labels, values, 0)).toEqual(labels);
    // Weight 1: half the shared error is forgiven, output by output; the differences stay the labels'.
    const t = withinDecisionTargets(labels, values, 1);
    expect(t[0]![0]).toBeCloseTo(0.55, 12);
    expect(t[1]![0]).toBeCloseTo(0.35, 12);
    expect(t[0]!.slice(1)).toEqual(labels[0]!.slice(1));
    // An overwhelming weight counts the differences alone: these values already differ as the labels do, so
    // they are their own targets (no gradient at all).
    const big = withinDecisionTargets(labels, values, 1e9);
    expect(big[0]![0]! - big[1]![0]!).toBeCloseTo(0.2, 12);
    expect(big[0]![0]).toBeCloseTo(0.6, 6);
  });
});
