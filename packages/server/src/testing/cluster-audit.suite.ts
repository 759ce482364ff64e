/**
 * What the multi-instance suite reads back from PostgreSQL once its games are over: every acked action is in
 * the log where the ack said, the logs have no gaps, every game ended (or was called off before anyone played in
 * it), the chips books balance, and no live game is left with an instance that is gone.
 */
import pg from 'pg';
import { openStore } from '../store/kysely-store.js';
import type { Acked } from './cluster-client.suite.js';

interface Audit {
  readonly problems: string[];
  readonly games: number;
  readonly actions: number;
  /** Changes of owner beyond each game's first (the sum of the fences above 1). */
  readonly takeovers: number;
  /** Games called off before anyone was acked an action in them (their holds given back). */
  readonly aborted: number;
}

/** At most this many problems of one kind are listed (the count says the rest). */
const LISTED = 10;

function push(problems: string[], kind: string, list: readonly string[]): void {
  if (list.length === 0) return;
  problems.push(`${kind} (${list.length}): ${list.slice(0, LISTED).join('; ')}${list.length > LISTED ? ' …' : ''}`);
}

/**
 * The active games a user sits at, from the database: a game whose start was acked over a socket that died is
 * there though its ack was lost, and must be played out too.
 */
export async function activeGamesOf(databaseUrl: string, userId: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const r = await c.query<{ id: string }>("select id from games where status = 'active' and (p1_user_id = $1 or p2_user_id = $1) order by created_at", [
      userId,
    ]);
    return r.rows.map((x) => x.id);
  } finally {
    await c.end();
  }
}

/** Reads the database of a cluster: `acked` are the actions its clients were acked for; `live` the ids running now. */
export async function audit(databaseUrl: string, acked: readonly Acked[], live: readonly string[]): Promise<Audit> {
  const problems: string[] = [];
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const rows = await c.query<{ game_id: string; seq: number; seat: string | null; action: string }>(
      'select game_id, seq, seat, action from game_actions order by game_id, seq',
    );
    const log = new Map<string, { seq: number; seat: string | null; type: string }[]>();
    for (const r of rows.rows) {
      const l = log.get(r.game_id) ?? [];
      l.push({ seq: Number(r.seq), seat: r.seat, type: (JSON.parse(r.action) as { type: string }).type });
      log.set(r.game_id, l);
    }
    const games = await c.query<{ id: string; status: string; last_seq: number; owner: string | null; fence: number }>(
      'select id, status, last_seq, owner, fence from games',
    );
    const gaps: string[] = [];
    const unfinished: string[] = [];
    const orphaned: string[] = [];
    let takeovers = 0;
    let aborted = 0;
    const played = new Set(acked.map((a) => a.gameId));
    for (const g of games.rows) {
      const l = log.get(g.id) ?? [];
      const bad = l.findIndex((e, i) => e.seq !== i + 1);
      if (bad >= 0) gaps.push(`${g.id} has entry ${l[bad]!.seq} at place ${bad + 1}`);
      if (Number(g.last_seq) !== l.length) gaps.push(`${g.id}: last_seq ${g.last_seq}, ${l.length} entries`);
      if (g.status === 'aborted' && !played.has(g.id)) aborted++;
      else if (g.status !== 'finished') unfinished.push(`${g.id} is ${g.status}`);
      if (g.status === 'active' && g.owner !== null && !live.includes(g.owner)) orphaned.push(`${g.id} (active) is owned by ${g.owner}, not running`);
      takeovers += Math.max(0, Number(g.fence) - 1);
    }
    const lost: string[] = [];
    for (const a of acked) {
      const e = log.get(a.gameId)?.[a.version];
      if (!e || e.seat !== a.seat || e.type !== a.type) {
        lost.push(`${a.gameId}: ${a.seat} ${a.type} acked at version ${a.version}, the log has ${e ? `${e.seat} ${e.type}` : 'nothing'} at ${a.version + 1}`);
      }
    }
    push(problems, 'acked actions not in the log', lost);
    push(problems, 'logs with gaps', gaps);
    push(problems, 'games not finished', unfinished);
    push(problems, 'live games of a dead instance', orphaned);

    const store = await openStore(databaseUrl);
    if (!store.ok) throw new Error(store.error.message);
    try {
      const books = await store.value.auditChips();
      if (!books.ok) problems.push(`the chips audit failed: ${books.error.message}`);
      else push(problems, 'chips books', books.value);
    } finally {
      await store.value.close();
    }
    return { problems, games: games.rows.length, actions: rows.rows.length, takeovers, aborted };
  } finally {
    await c.end();
  }
}
