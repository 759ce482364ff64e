import type { Action } from '../../game/actions.js';
import { apply, newMatch, type MatchState } from '../../game/match.js';
import type { GameState } from '../../game/game.js';
import type { MatchSettings } from '../../game/settings.js';
import { playSteps } from './steps.js';
import type { Seat } from '../../game/seats.js';
import { LEFT_WIDTH, MAT_VARIANTS, headerSettings, RESULT_INDENT, pointsText, type MatMatch } from './format.js';

/** One entry in a player's column, or a line of its own (a result, the opening throws). */
type Entry = { readonly seat: Seat; readonly text: string; readonly result?: true } | { readonly line: string };

interface GameBlock {
  readonly number: number;
  readonly score: MatchState['score'];
  readonly crawford: boolean;
  readonly entries: Entry[];
}

const two = (n: number): string => String(n).padStart(2, '0');

/** The settings that differ from what the header's standard tags say, as our `Settings` tag carries them. */
function settingsDiff(s: MatchSettings, tags: ReadonlyMap<string, string>): Record<string, unknown> {
  const base = headerSettings(s.variant, s.matchLength, (k) => tags.get(k), false) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) if (JSON.stringify(v) !== JSON.stringify(base[k])) out[k] = v;
  return out;
}

function header(m: MatMatch): string[] {
  const s = m.settings;
  const out: string[] = [];
  const tags = new Map<string, string>();
  const tag = (k: string, v: string): void => {
    tags.set(k, v);
    out.push(`; [${k} "${v.replace(/["\n\r]/g, ' ')}"]`);
  };
  if (m.site !== undefined) tag('Site', m.site);
  if (m.matchId !== undefined) tag('Match ID', m.matchId);
  tag('Player 1', m.names.p1);
  tag('Player 2', m.names.p2);
  if (m.date) {
    const d = m.date;
    tag('EventDate', `${d.getUTCFullYear()}.${two(d.getUTCMonth() + 1)}.${two(d.getUTCDate())}`);
    if (d.getUTCHours() + d.getUTCMinutes() > 0) tag('EventTime', `${two(d.getUTCHours())}.${two(d.getUTCMinutes())}`);
  }
  if (s.variant === 'short') tag('Variation', 'Backgammon');
  tag('Variant', MAT_VARIANTS[s.variant]);
  if (s.matchLength > 0) tag('Crawford', s.crawford ? 'On' : 'Off');
  else {
    tag('Jacoby', s.cube.jacoby ? 'On' : 'Off');
    tag('Beaver', s.cube.beaver ? 'On' : 'Off');
  }
  if (s.cube.enabled) tag('CubeLimit', String(s.cube.maxValue));
  const diff = settingsDiff(s, tags);
  // Our own: the rest of the settings, so that the file replays exactly (gnubg keeps unknown lines as a comment).
  if (Object.keys(diff).length > 0) out.push(`; [Settings ${JSON.stringify(diff)}]`);
  return out;
}

const openingLine = (throws: GameState['openingThrows']): string => ` Opening: ${throws.map((t) => `${t.p1}-${t.p2}`).join(' ')}`;

/** Lays a game's entries out in gnubg's two numbered columns. */
function gameLines(g: GameBlock, names: MatMatch['names']): string[] {
  const out = ['', ` Game ${g.number}${g.crawford ? ' (Crawford)' : ''}`, ` ${`${names.p1} : ${g.score.p1}`.padEnd(31)}${names.p2} : ${g.score.p2}`];
  let row: { left: string | null; right: string | null } | null = null;
  let n = 0;
  const flush = (): void => {
    if (row) out.push(`${String(n).padStart(3)}) ${(row.left ?? '').padEnd(LEFT_WIDTH)} ${row.right ?? ''}`.trimEnd());
    row = null;
  };
  for (const e of g.entries) {
    if ('line' in e) {
      flush();
      out.push(e.line);
    } else if (e.result) {
      // gnubg: player 2's win after player 1's drop shares the drop's line; otherwise a line of its own.
      if (e.seat === 'p2' && row?.left && row.right === null) row.right = e.text;
      else {
        flush();
        out.push(`${' '.repeat(RESULT_INDENT[e.seat])}${e.text}`);
      }
    } else if (e.seat === 'p1' || !row || row.right !== null) {
      flush();
      n++;
      row = e.seat === 'p1' ? { left: e.text, right: null } : { left: null, right: e.text };
    } else row.right = e.text;
  }
  flush();
  return out;
}

/**
 * Writes a match (or money session) as a Jellyfish/gnubg `.mat` text, in gnubg's layout: header tags, ` N point
 * match`, per game ` Game k`, the score line and numbered lines with each player's entries (`dice: from/to …` in
 * the mover's own point numbering, ` Doubles => n`, ` Takes`, ` Drops`), then `Wins n points`. What the format
 * has no word for is written in our own words (docs/mat.md): tied opening throws and long nardy's opening throw
 * (` Opening: 3-3 5-2`), a beaver (` Beavers => n`, as XG), a draw, a match resigned, a flag fall, a session
 * ended. A declined resign offer leaves no trace. Throws if the actions do not replay (a stored match always does).
 */
export function writeMat(match: MatMatch): string {
  const started = newMatch(match.settings);
  if (!started.ok) throw new Error(`writeMat: ${started.error.message}`);
  let state = started.value;
  const games: GameBlock[] = [];
  const block = (s: MatchState): GameBlock => {
    const last = games[games.length - 1];
    if (last && last.number === s.game.number) return last;
    const b: GameBlock = { number: s.game.number, score: s.score, crawford: s.game.crawford, entries: [] };
    games.push(b);
    return b;
  };
  let pendingRoll: { seat: Seat; text: string } | null = null;
  const flushRoll = (b: GameBlock): void => {
    if (pendingRoll) b.entries.push(pendingRoll);
    pendingRoll = null;
  };
  match.actions.forEach((a: Action, i) => {
    const before = state;
    const r = apply(before, a);
    if (!r.ok) throw new Error(`writeMat: action ${i} (${a.type}): ${r.error.message}`);
    state = r.value;
    // An action between games (ending a session, resigning the match) is written under the game just finished.
    const b =
      before.phase === 'opening' && before.game.openingThrows.length === 0 && games.length > 0 && a.type !== 'opening'
        ? games[games.length - 1]!
        : block(before);
    const g = before.game;
    // Tied throws and then no decision (the match resigned): the ties alone.
    if (a.type !== 'opening' && before.phase === 'opening' && g.openingThrows.length > 0) b.entries.push({ line: openingLine(g.openingThrows) });
    switch (a.type) {
      case 'opening': {
        const throws = state.game.openingThrows;
        const decided = state.phase !== 'opening';
        // The first move shows the winning throw when it plays the opening dice; otherwise (ties, a fresh throw) say it.
        if (decided && (throws.length > 1 || state.phase === 'turnStart')) b.entries.push({ line: openingLine(throws) });
        // Shown with the first move; should the game be given up before it, the dice alone.
        else if (decided) pendingRoll = { seat: state.game.starter!, text: `${state.game.dice![0]}${state.game.dice![1]}: ` };
        break;
      }
      case 'roll':
        pendingRoll = { seat: a.seat, text: `${a.dice[0]}${a.dice[1]}: ` };
        break;
      case 'move': {
        const dice = g.dice!;
        // The steps as the player gave them (the engine accepted that order), each marked where it hits.
        const hits = playSteps(g.position, a.steps)?.hits ?? [];
        const text = a.steps.map((s, k) => `${s.from}/${s.to}${hits[k] ? '*' : ''}`).join(' ');
        b.entries.push({ seat: a.seat, text: `${dice[0]}${dice[1]}: ${text}` });
        pendingRoll = null;
        break;
      }
      case 'double':
      case 'beaver':
        b.entries.push({ seat: a.seat, text: ` ${a.type === 'double' ? 'Doubles' : 'Beavers'} => ${state.game.cubeOffer!.value}` });
        break;
      case 'take':
        b.entries.push({ seat: a.seat, text: ' Takes' });
        break;
      case 'pass':
        b.entries.push({ seat: a.seat, text: ' Drops' });
        break;
      case 'resign':
      case 'declineResign':
        break;
      case 'acceptResign':
      case 'surrender':
        flushRoll(b);
        break;
      case 'timeout':
        flushRoll(b);
        // The flag fell on an open resign offer: the offer is part of the result.
        if (g.resignOffer) b.entries.push({ seat: g.resignOffer.by, text: ` Resigns ${g.resignOffer.level}` });
        b.entries.push({ seat: a.seat, text: ' Resigns (timeout)' });
        break;
      case 'resignMatch':
        flushRoll(b);
        b.entries.push({ seat: a.seat, text: ' Resigns match' });
        break;
      case 'endSession':
        b.entries.push({ seat: a.seat, text: ' Ends session' });
        break;
    }
    if (state.games.length > before.games.length) {
      const res = state.games[state.games.length - 1]!;
      const b2 = block(before);
      if (res.winner === null) b2.entries.push({ line: `${' '.repeat(RESULT_INDENT.p1)}Draws ${pointsText(res.points.p1)} each` });
      else {
        const andMatch = state.end?.reason === 'points' ? ' and the match' : '';
        b2.entries.push({ seat: res.winner, text: `Wins ${pointsText(res.points[res.winner])}${andMatch}`, result: true });
      }
    }
  });
  const lines = [...header(match), '', ` ${match.settings.matchLength} point match`];
  for (const g of games) lines.push(...gameLines(g, match.names));
  return `${lines.join('\n')}\n`;
}

/** A file name for a match: players and date, e.g. `alice-vs-bob-2026-12-05.mat`. */
export function matFileName(names: MatMatch['names'], date: Date): string {
  const slug = (s: string): string =>
    s
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'player';
  return `${slug(names.p1)}-vs-${slug(names.p2)}-${date.toISOString().slice(0, 10)}.mat`;
}
