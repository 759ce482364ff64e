import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apply,
  matchSettings,
  newMatch,
  seatToPlay,
  seededRng,
  writeMat,
  type Action,
  type Dice,
  type Die,
  type MatchSettings,
  type MatchSettingsInput,
  type Result,
} from '@nardy/engine';
import { firstChoice } from '@nardy/engine/testing';
import { runCli } from './test-io.js';

const dir = mkdtempSync(join(tmpdir(), 'nardy-analyse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const settingsOf = (input: MatchSettingsInput): MatchSettings => must(matchSettings(input));

/** One game played by the first legal choice each time (a weak player: errors to find), seeded dice. */
function playGame(settings: MatchSettings, seed: number): Action[] {
  const rng = seededRng(seed);
  const die = (): Die => (1 + Math.floor(rng() * 6)) as Die;
  let state = must(newMatch(settings));
  const log: Action[] = [];
  while (state.games.length === 0) {
    const a = firstChoice(state, (): Dice => [die(), die()])!;
    state = must(apply(state, a));
    log.push(a);
  }
  return log;
}

/** The first actions of a game played as `playGame`, up to the first turn start after `n` actions. */
function gameStart(settings: MatchSettings, seed: number, n: number): { log: Action[]; onRoll: 'p1' | 'p2' } {
  const log: Action[] = [];
  let state = must(newMatch(settings));
  for (const a of playGame(settings, seed)) {
    if (log.length >= n && state.phase === 'turnStart') break;
    state = must(apply(state, a));
    log.push(a);
  }
  return { log, onRoll: seatToPlay(state.game) };
}

/** The JSON of GET /api/games/:id for a finished game (`recorded`: the server's result, as an abandoned game's). */
function recordFile(
  settings: MatchSettings,
  actions: readonly Action[],
  name = `${settings.variant}-${settings.matchLength}`,
  recorded: unknown = null,
): string {
  const path = join(dir, `${name}.json`);
  const game = {
    id: 'g_test',
    variant: settings.variant,
    settings,
    seats: { p1: { userId: 'u1', name: 'Alice', username: 'alice', guest: false }, p2: { bot: 'worldclass' } },
    recorded,
  };
  writeFileSync(path, JSON.stringify({ game, result: null, actions: actions.map((action, seq) => ({ seq, action, seat: null, at: 0, timeUsedMs: null })) }));
  return path;
}

interface Report {
  readonly ply: number;
  readonly players: {
    name: string;
    unforcedMoves: number;
    chequerErrorRate: number;
    cubeErrorRate: number | null;
    errorRate: number;
    pr: number;
    luck: number;
  }[];
  readonly decisions: { game: number; move: number; player: string; kind: string; dice: number[] | null; played: string; best: string; error: number }[];
}

describe('nardy analyse', () => {
  const short = settingsOf({ variant: 'short', matchLength: 3 });
  const actions = playGame(short, 1);
  const file = recordFile(short, actions);

  it('reads a game record and prints the players and decisions as JSON', async () => {
    const r = await runCli(['analyse', file, '--ply', '0', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout) as Report;
    expect(a.ply).toBe(0);
    expect(a.players.map((p) => p.name)).toEqual(['Alice', 'bot (worldclass)']);
    for (const p of a.players) {
      expect(p.unforcedMoves).toBeGreaterThan(5);
      expect(p.errorRate).toBeGreaterThan(0); // the first legal turn is seldom the best
      expect(p.pr).toBeCloseTo(p.errorRate / 2, 9);
      expect(Number.isFinite(p.luck)).toBe(true);
    }
    const moves = a.decisions.filter((d) => d.kind === 'move');
    expect(moves).toHaveLength(actions.filter((x) => x.type === 'move').length);
    expect(moves[0]).toMatchObject({ game: 1, move: 1, player: 'Alice' });
    expect(moves.some((d) => d.played !== d.best && d.error > 0)).toBe(true);
  });

  it('prints a readable report with marks and the summary', async () => {
    const r = await runCli(['analyse', file, '--ply', '0']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Short nardy, 3-point match, analysed at 0-ply\n/);
    expect(r.stdout).toMatch(/\?\?|\?!| \? /);
    expect(r.stdout).toMatch(/^Error rate \(mEMG\) +\d+\.\d +\d+\.\d$/m);
    expect(r.stdout).toMatch(/^Rating +\S/m);
  });

  it('reads the same match from a .mat file', async () => {
    const mat = join(dir, 'match.mat');
    writeFileSync(mat, writeMat({ settings: short, actions, names: { p1: 'Alice', p2: 'Bob' } }));
    const fromMat = JSON.parse((await runCli(['analyse', mat, '--ply', '0', '--json'])).stdout) as Report;
    const fromJson = JSON.parse((await runCli(['analyse', file, '--ply', '0', '--json'])).stdout) as Report;
    expect(fromMat.players.map((p) => p.name)).toEqual(['Alice', 'Bob']);
    expect(fromMat.players.map((p) => p.errorRate)).toEqual(fromJson.players.map((p) => p.errorRate));
  });

  it('analyses long nardy at 1-ply', async () => {
    const long = settingsOf({ variant: 'long', matchLength: 0 });
    const r = await runCli(['analyse', recordFile(long, playGame(long, 2).slice(0, 24)), '--ply', '1', '--json']);
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout) as Report;
    expect(a.decisions.filter((d) => d.kind === 'move').length).toBeGreaterThan(5);
  });

  it('judges a resign offer and its answer, and says how each game and the match ended', async () => {
    const money = settingsOf({ variant: 'short', matchLength: 0 });
    const { log, onRoll } = gameStart(money, 3, 8);
    const other = onRoll === 'p1' ? 'p2' : 'p1';
    const resigned = [...log, { type: 'resign', seat: onRoll, level: 'single' }, { type: 'acceptResign', seat: other }] as Action[];
    const r = await runCli(['analyse', recordFile(money, resigned, 'resigned'), '--ply', '0']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ offers to resign \(single\) {2}\?\? −\d\.\d{3} {2}\[playing on [+−]\d\.\d{3}, resigning −1\.000\]$/m);
    expect(r.stdout).toMatch(/ accepts {2}\[playing on /m);
    expect(r.stdout).toMatch(/ wins 1 \(resignation accepted\)$/m);
    expect(r.stdout).toMatch(/^Given away resigning \(EMG\) +\d\.\d{3} +\d\.\d{3}$/m);
    const json = JSON.parse((await runCli(['analyse', recordFile(money, resigned, 'resigned'), '--ply', '0', '--json'])).stdout) as {
      resignations: { kind: string; seat: string; mark: string }[];
    };
    expect(json.resignations.map((d) => [d.kind, d.seat, d.mark])).toEqual([
      ['resign', onRoll, 'veryBad'],
      ['acceptResign', other, 'none'],
    ]);
    // A flag fall and an abandonment are no decisions: the report only says so.
    const timed = settingsOf({ variant: 'short', matchLength: 3, timeControl: { kind: 'fischer', initialMs: 60_000, incrementMs: 1_000 } });
    const t = gameStart(timed, 3, 8);
    const onTime = await runCli(['analyse', recordFile(timed, [...t.log, { type: 'timeout', seat: t.onRoll }], 'timeout'), '--ply', '0']);
    expect(onTime.stdout).toMatch(/ wins \(lost on time\)$/m);
    const quit = recordFile(short, [...gameStart(short, 3, 8).log, { type: 'resignMatch', seat: 'p2' }], 'abandoned', {
      end: { winner: 'p1', reason: 'abandoned' },
      abandonedBy: 'p2',
    });
    const abandoned = await runCli(['analyse', quit, '--ply', '0']);
    expect(abandoned.stdout).toMatch(/^Alice wins \(abandoned\)$/m);
    expect(abandoned.stdout).not.toMatch(/resign/);
  });

  it('refuses bad input with one line on stderr and exit 2', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"game": {}}');
    for (const args of [
      ['analyse'],
      ['analyse', bad],
      ['analyse', file, '--ply', '3'],
      ['analyse', file, '--threads', '0'],
      ['analyse', join(dir, 'none.json')],
    ]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^nardy: .+\n$/);
    }
    const mat = join(dir, 'broken.mat');
    writeFileSync(mat, ' 3 point match\n\n Game 1\n Alice : 0     Bob : 0\n  1) 31: 8/5 6/5 99/1\n');
    expect((await runCli(['analyse', mat])).stderr).toMatch(/^nardy: \.mat line \d+: /);
  });

  it('is listed in nardy --help', async () => {
    expect((await runCli(['--help'])).stdout).toMatch(/^ {2}analyse /m);
    expect((await runCli(['analyse', '--help'])).stdout).toMatch(/^Usage: nardy analyse/);
  });
});
