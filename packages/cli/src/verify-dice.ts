import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Action } from '@nardy/engine';
import { EngineActionSchema, EntityIdSchema, diceOf, isClientSeed, isServerSeed, throwAt, verifyDice, type ClientSeeds, type ThrowKind } from '@nardy/protocol';
import { parse } from './args.js';
import { EXIT_OK, UsageError, write, type Io } from './io.js';

/** A throw (or the commitment) that does not match: not a usage error, not a bug. */
const EXIT_MISMATCH = 1;

const DEFAULT_SERVER = 'http://localhost:3000';

export const VERIFY_DICE_HELP = `Usage: nardy verify-dice <game-id> [--server URL]
       nardy verify-dice --file record.json

Recomputes every throw of a finished game from its revealed server seed and the players' client seeds
(docs/dice.md): checks that SHA-256 of the seed is the commitment shown before the game, then derives
each opening throw and roll with HMAC-SHA256 here, on this machine, without trusting the server's check.

  <game-id>       fetches the game's record, GET <server>/api/games/<game-id>
  --server URL    the Nardy server (default ${DEFAULT_SERVER})
  --file PATH     a saved record instead (the JSON of that route; - reads stdin)

Prints each throw (n, kind, logged dice, recomputed dice), then "ok: N throws verified" (exit 0) or the
first mismatch (exit 1). A bad argument, file, URL or record: a one-line error on stderr and exit 2.`;

/** One throw of the log, as logged and as the seeds give it. */
interface CheckedThrow {
  readonly n: number;
  readonly seq: number;
  readonly kind: ThrowKind;
  readonly logged: readonly [number, number];
  readonly recomputed: readonly [number, number];
}

/** What the verifier reads from a record (`GET /api/games/:id`). */
interface GameDiceRecord {
  readonly gameId: string;
  readonly status: string;
  readonly serverSeed: string;
  readonly commitment: string;
  readonly clientSeeds: ClientSeeds;
  /** The log in order, with each action's seq. */
  readonly actions: readonly { readonly seq: number; readonly action: Action }[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads the JSON of `GET /api/games/:id` (`{game: {id, status, commitment, clientSeeds, serverSeed, …}, actions:
 * [{seq, action, …}]}`). Throws a UsageError naming what is missing or malformed; a live game (no revealed seed)
 * is refused.
 */
function readRecord(json: unknown): GameDiceRecord {
  if (!isObj(json) || !isObj(json['game'])) throw new UsageError('not a game record: expected the JSON of GET /api/games/<id> ({"game": …, "actions": […]})');
  const game = json['game'];
  const gameId = typeof game['id'] === 'string' ? game['id'] : '?';
  const status = typeof game['status'] === 'string' ? game['status'] : '?';
  const serverSeed = game['serverSeed'];
  if (serverSeed === undefined || serverSeed === null) {
    throw new UsageError(`game ${gameId} is ${status}: its server seed is revealed when the match ends`);
  }
  if (typeof serverSeed !== 'string') throw new UsageError(`game ${gameId}: game.serverSeed is not a string`);
  const commitment = game['commitment'];
  if (typeof commitment !== 'string') throw new UsageError(`game ${gameId}: game.commitment is missing`);
  const seeds = game['clientSeeds'];
  if (!isObj(seeds) || typeof seeds['p1'] !== 'string' || typeof seeds['p2'] !== 'string') {
    throw new UsageError(`game ${gameId}: game.clientSeeds must be {"p1": "…", "p2": "…"}`);
  }
  const log = json['actions'];
  if (!Array.isArray(log)) throw new UsageError(`game ${gameId}: the record has no action log ("actions")`);
  const actions = log.map((entry: unknown, i) => {
    const seq = isObj(entry) && typeof entry['seq'] === 'number' ? entry['seq'] : i + 1;
    const parsed = EngineActionSchema.safeParse(isObj(entry) ? entry['action'] : undefined);
    if (!parsed.success) throw new UsageError(`game ${gameId}: actions[${i}] is not an engine action`);
    return { seq, action: parsed.data as Action };
  });
  return { gameId, status, serverSeed, commitment, clientSeeds: { p1: seeds['p1'], p2: seeds['p2'] }, actions };
}

/** Every throw of the log recomputed (empty when the seeds are malformed: then nothing can be recomputed). */
function recomputeThrows(record: GameDiceRecord): CheckedThrow[] {
  const { serverSeed, clientSeeds } = record;
  if (!isServerSeed(serverSeed) || !isClientSeed(clientSeeds.p1) || !isClientSeed(clientSeeds.p2)) return [];
  const out: CheckedThrow[] = [];
  let n = 0;
  for (const { seq, action } of record.actions) {
    const d = diceOf(action);
    if (!d) continue;
    n++;
    out.push({ n, seq, kind: d.kind, logged: d.dice, recomputed: throwAt(serverSeed, clientSeeds, n, d.kind) });
  }
  return out;
}

const dice = (d: readonly [number, number]): string => `${d[0]}-${d[1]}`;

/** The report: a header, one line per throw, and the verdict as the last line. */
function report(record: GameDiceRecord): { ok: boolean; lines: string[] } {
  const verdict = verifyDice({ ...record, actions: record.actions.map((a) => a.action) });
  const throws = recomputeThrows(record);
  const lines = [
    `game ${record.gameId} (${record.status})`,
    `server seed ${record.serverSeed}`,
    `commitment  ${record.commitment}`,
    `client seeds p1 ${record.clientSeeds.p1}, p2 ${record.clientSeeds.p2}`,
  ];
  if (throws.length > 0) {
    lines.push('', `${'n'.padStart(4)}  ${'kind'.padEnd(7)}  logged  recomputed`);
    for (const t of throws) {
      const same = t.logged[0] === t.recomputed[0] && t.logged[1] === t.recomputed[1];
      lines.push(
        `${String(t.n).padStart(4)}  ${t.kind.padEnd(7)}  ${dice(t.logged).padEnd(6)}  ${dice(t.recomputed).padEnd(10)}${same ? '' : '  MISMATCH'}`.trimEnd(),
      );
    }
    lines.push('');
  }
  if (verdict.ok) {
    lines.push(`ok: ${verdict.throws} throws verified`);
    return { ok: true, lines };
  }
  if (verdict.code === 'DICE_MISMATCH' && verdict.n !== undefined && verdict.index !== undefined && verdict.expected && verdict.logged) {
    const seq = record.actions[verdict.index]?.seq;
    lines.push(
      `mismatch: throw ${verdict.n} (${verdict.kind ?? '?'}, action seq ${seq ?? '?'}) is logged as ${dice(verdict.logged)} but the seeds give ${dice(verdict.expected)}`,
    );
  } else {
    lines.push(`mismatch: ${verdict.code}: ${verdict.message}`);
  }
  return { ok: false, lines };
}

async function readAll(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return text;
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new UsageError(`${where} is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
}

async function fromFile(path: string, io: Io): Promise<unknown> {
  if (path === '-') return parseJson(await readAll(io.stdin), 'stdin');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${path}${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}`);
  }
  return parseJson(text, path);
}

const FETCH_TIMEOUT_MS = 15_000;

async function fromServer(server: string, gameId: string): Promise<unknown> {
  let base: URL;
  try {
    base = new URL(server);
  } catch {
    throw new UsageError(`--server must be an http:// or https:// URL (got '${server}')`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new UsageError(`--server must be an http:// or https:// URL (got '${server}')`);
  const url = new URL(`api/games/${encodeURIComponent(gameId)}`, base.href.endsWith('/') ? base.href : `${base.href}/`);
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (e) {
    const cause = e instanceof Error && e.cause instanceof Error ? e.cause.message : e instanceof Error ? e.message : String(e);
    throw new UsageError(`cannot reach ${url.href}: ${cause}`);
  }
  const text = await res.text();
  if (!res.ok) {
    let message = text.slice(0, 200);
    try {
      const body = JSON.parse(text) as unknown;
      if (isObj(body) && isObj(body['error']) && typeof body['error']['message'] === 'string') message = body['error']['message'];
    } catch {
      // not JSON: the start of the text will do
    }
    throw new UsageError(`${url.href} answered ${res.status}${message ? `: ${message}` : ''}`);
  }
  return parseJson(text, `the answer of ${url.href}`);
}

export async function verifyDiceCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, { server: { type: 'string' }, file: { type: 'string' } }, 1);
  const file = values['file'];
  const server = values['server'];
  const gameId = positionals[0];
  let json: unknown;
  if (typeof file === 'string') {
    if (gameId !== undefined) throw new UsageError('give either a game id or --file, not both');
    if (server !== undefined) throw new UsageError('--server goes with a game id, not with --file');
    json = await fromFile(file, io);
  } else {
    if (gameId === undefined) throw new UsageError('verify-dice needs a game id or --file record.json (try nardy verify-dice --help)');
    if (!EntityIdSchema.safeParse(gameId).success) throw new UsageError(`'${gameId}' is not a game id (1–64 characters of A–Z a–z 0–9 _ . : -)`);
    json = await fromServer(typeof server === 'string' ? server : DEFAULT_SERVER, gameId);
  }
  const r = report(readRecord(json));
  await write(io.stdout, `${r.lines.join('\n')}\n`);
  return r.ok ? EXIT_OK : EXIT_MISMATCH;
}
