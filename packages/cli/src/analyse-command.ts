import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { analyseMatch, type AnalyseInput, type MatchAnalysis } from '@nardy/ai';
import { checkAction, matchSettings, parseMat, type Action } from '@nardy/engine';
import { analysisJson, analysisText } from './analyse-report.js';
import { analyseOnThreads } from './analyse-threads.js';
import { parse } from './args.js';
import { EXIT_OK, UsageError, write, type Io } from './io.js';
import { ProgressBar } from './progress.js';

export const ANALYSE_HELP = `Usage: nardy analyse <file> [--ply N] [--json] [--threads N]

Analyses every decision of a game or match, as GNU Backgammon's "analyse match" does (docs/analysis.md):
each turn against the best turns, each cube decision (no double, double/take, double/pass), each resign
offer and answer, the luck of each throw (the opening throw too), marks (?! doubtful, ? bad, ?? very bad),
how each game ended (a flag fall or an abandoned game is no decision), and per player the error rates in
mEMG per unforced decision (matches: also mMWC), PR, luck, the luck-adjusted result and gnubg's rating of
play.

  <file>         a game record: the JSON of GET /api/games/<id>, or a .mat file (gnubg, XG; long and
                 Caucasian nardy in the same layout); - reads stdin
  --ply N        look-ahead: 0, 1 or 2 (default 2)
  --json         one JSON object {variant, matchLength, ply, players: [{name, unforcedMoves,
                 chequerErrorRate, cubeErrorRate, errorRate, pr, luck, …}], games, decisions: [{game, move,
                 player, kind, dice, played, best, error, …}], resignations, end}
  --threads N    worker threads sharing the decisions (default 1: this thread)

A progress bar goes to stderr when it is a terminal.`;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

async function readText(path: string, stdin: Readable): Promise<string> {
  if (path !== '-') {
    try {
      return await readFile(path, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  let text = '';
  for await (const chunk of stdin) text += String(chunk);
  return text;
}

const seatName = (seat: unknown, fallback: string): string =>
  isObj(seat) && typeof seat['name'] === 'string' ? seat['name'] : isObj(seat) && typeof seat['bot'] === 'string' ? `bot (${seat['bot']})` : fallback;

/** What the analysis reads: the record's settings and actions, the players' names, whether it was abandoned. */
interface Loaded {
  readonly input: AnalyseInput;
  readonly names: { p1: string; p2: string };
  readonly abandoned: boolean;
}

/** A game record (`GET /api/games/:id`): its settings, action log and the players' names. */
function fromRecord(json: unknown): Loaded {
  if (!isObj(json) || !isObj(json['game']) || !Array.isArray(json['actions'])) {
    throw new UsageError('not a finished game record: expected the JSON of GET /api/games/<id> ({"game": …, "actions": […]})');
  }
  const game = json['game'];
  const settings = matchSettings(game['settings']);
  if (!settings.ok) throw new UsageError(`the record's settings: ${settings.error.message}`);
  const actions: Action[] = (json['actions'] as unknown[]).map((entry, i) => {
    const a = checkAction(isObj(entry) ? entry['action'] : undefined);
    if (!a.ok) throw new UsageError(`the record's action ${i}: ${a.error.message}`);
    return a.value;
  });
  const seats = isObj(game['seats']) ? game['seats'] : {};
  // The server ends a game for an absent player through the engine's resignMatch or surrender, and says so here.
  const recorded = isObj(game['recorded']) ? game['recorded'] : {};
  const abandoned = typeof recorded['abandonedBy'] === 'string' || (isObj(recorded['end']) && recorded['end']['reason'] === 'abandoned');
  return { input: { settings: settings.value, actions }, names: { p1: seatName(seats['p1'], 'p1'), p2: seatName(seats['p2'], 'p2') }, abandoned };
}

/** A `.mat` file through the engine's reader; its error names the line. */
function fromMat(text: string): Loaded {
  const m = parseMat(text);
  if (!m.ok) throw new UsageError(`.mat${m.error.line > 0 ? ` line ${m.error.line}` : ''}: ${m.error.message}`);
  return { input: { settings: m.value.settings, actions: m.value.actions }, names: m.value.names, abandoned: false };
}

function readInput(text: string): Loaded {
  if (!text.trimStart().startsWith('{')) return fromMat(text);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  return fromRecord(json);
}

function whole(values: Record<string, string | boolean | undefined>, name: string, min: number, max: number, fallback: number): number {
  const v = values[name];
  if (v === undefined) return fallback;
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d+$/.test(v) || n < min || n > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
}

export async function analyseCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, { ply: { type: 'string' }, json: { type: 'boolean' }, threads: { type: 'string' } }, 1);
  const path = positionals[0];
  if (path === undefined) throw new UsageError('analyse needs a file: nardy analyse <record.json | match.mat | ->');
  const ply = whole(values, 'ply', 0, 2, 2);
  const threads = whole(values, 'threads', 1, 64, 1);
  const { input, names, abandoned } = readInput(await readText(path, io.stdin));
  const bar = new ProgressBar(io.stderr);
  const onProgress = (done: number, total: number): void => bar.update(done, total, () => 'decisions');
  let analysis: MatchAnalysis;
  try {
    analysis = threads > 1 ? await analyseOnThreads(input, { ply, names }, threads, onProgress) : await analyseMatch(input, { ply, names, onProgress });
  } catch (e) {
    // A record the engine cannot replay is bad input, not a fault of ours.
    if (e instanceof Error && e.message.startsWith('analysis: ')) throw new UsageError(e.message);
    throw e;
  } finally {
    bar.done();
  }
  await write(io.stdout, values['json'] ? `${JSON.stringify(analysisJson(analysis, { abandoned }))}\n` : analysisText(analysis, { abandoned }));
  return EXIT_OK;
}
