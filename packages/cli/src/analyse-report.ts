import type { Decision, GameAnalysis, MatchAnalysis, PlayerStats, ResignDecision, SkillMark } from '@nardy/ai';

const VARIANT_NAMES = { short: 'Short nardy', long: 'Long nardy', caucasian: 'Caucasian nardy' } as const;
const MARK_SIGNS: Readonly<Record<SkillMark, string>> = { none: '', doubtful: '?!', bad: '?', veryBad: '??' };
const CUBE_WORDS: Readonly<Record<string, string>> = {
  double: 'double',
  noDouble: 'no double',
  tooGood: 'too good to double',
  take: 'take',
  pass: 'pass',
  beaver: 'beaver',
};

/** How a game ended, and a match that ended otherwise than on points; a flag fall or abandonment is no decision. */
const GAME_END_WORDS: Readonly<Record<NonNullable<GameAnalysis['end']>['how'], string>> = {
  bearOff: 'borne off',
  cubePass: 'double passed',
  resign: 'resignation accepted',
  surrender: 'surrendered',
  timeout: 'lost on time',
};
const MATCH_END_WORDS: Readonly<Record<string, string>> = { resignMatch: 'match resigned', timeout: 'lost on time', sessionEnded: 'session ended' };
const RESIGN_WORDS: Readonly<Record<ResignDecision['kind'], string>> = { resign: 'offers to resign', acceptResign: 'accepts', declineResign: 'declines' };

/** What the report says of the record beyond the engine's log: the server ended it for an absent player. */
export interface ReportContext {
  readonly abandoned?: boolean;
}

const signed = (x: number, digits = 3): string => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(digits);
const fixed = (x: number | null | undefined, digits = 1): string => (x === null || x === undefined ? '–' : x.toFixed(digits));

/** The `--json` object: the players' figures, each game's, and every decision in short. */
export function analysisJson(a: MatchAnalysis, context: ReportContext = {}): unknown {
  const name = (seat: string): string => (seat === 'p1' ? a.players[0].name : a.players[1].name);
  return {
    variant: a.variant,
    matchLength: a.matchLength,
    ply: a.ply,
    end: a.end && context.abandoned ? { ...a.end, reason: 'abandoned' } : a.end,
    players: a.players,
    games: a.games,
    resignations: a.resignations.map((d) => ({ ...d, player: name(d.player), seat: d.player })),
    decisions: a.decisions.map((d) => ({
      game: d.game,
      move: d.move,
      player: name(d.player),
      seat: d.player,
      kind: d.kind,
      dice: d.kind === 'move' ? d.dice : null,
      played: d.played,
      best: d.best,
      error: d.error,
      ...(d.errorMwc !== undefined ? { errorMwc: d.errorMwc } : {}),
      mark: d.mark,
      unforced: d.unforced,
      ...(d.kind === 'move'
        ? { book: d.book, luck: d.luck, candidates: d.candidates }
        : { equities: { noDouble: d.cube.noDouble, take: d.cube.take, pass: d.cube.pass }, ...(d.cube.mwc ? { mwc: d.cube.mwc } : {}) }),
    })),
  };
}

function decisionLine(d: Decision, names: { p1: string; p2: string }, width: number): string {
  const head = `${String(d.game).padStart(3)}.${String(d.move).padEnd(4)} ${names[d.player].padEnd(width)}  `;
  const mark = d.mark === 'none' ? '' : `  ${MARK_SIGNS[d.mark]} ${signed(-d.error)}`;
  if (d.kind === 'move') {
    const best = d.played === d.best ? '' : ` (best ${d.best})`;
    const tags = [d.unforced ? '' : 'forced', d.book ? 'book' : ''].filter(Boolean).join(', ');
    const luck = d.luck && d.luck.mark !== 'none' ? `  ${d.luck.mark.replace(/[A-Z]/, (c) => ` ${c.toLowerCase()}`)} ${signed(d.luck.luck)}` : '';
    return `${head}${d.dice[0]}${d.dice[1]}  ${d.played}${tags ? ` [${tags}]` : ''}${mark}${mark ? best : ''}${luck}`;
  }
  const what = d.kind === 'double' ? 'cube' : d.beaver ? 'answers the beaver' : 'answers';
  const right = d.played === d.best ? '' : ` (right: ${CUBE_WORDS[d.best]})`;
  const eq = `  [ND ${signed(d.cube.noDouble)}, D/T ${signed(d.cube.take)}, D/P ${signed(d.cube.pass)}]`;
  return `${head}${what}: ${CUBE_WORDS[d.played]}${mark}${right}${eq}`;
}

function resignLine(d: ResignDecision, names: { p1: string; p2: string }, width: number): string {
  const head = `${String(d.game).padStart(3)}.${String(d.move).padEnd(4)} ${names[d.player].padEnd(width)}  `;
  const mark = d.mark === 'none' ? '' : `  ${MARK_SIGNS[d.mark]} ${signed(-d.error)}`;
  const what = d.kind === 'resign' ? `${RESIGN_WORDS.resign} (${d.level})` : RESIGN_WORDS[d.kind];
  return `${head}${what}${mark}  [playing on ${signed(d.playOn)}, resigning ${signed(d.resigned)}]`;
}

function endLine(g: GameAnalysis, names: { p1: string; p2: string }, abandoned: boolean): string | null {
  if (!g.end) return null;
  const how = abandoned && g.end.how === 'surrender' ? 'abandoned' : GAME_END_WORDS[g.end.how];
  return g.end.winner === null ? `Drawn (${how})` : `${names[g.end.winner]} wins ${g.end.points} (${how})`;
}

function summaryTable(players: readonly [PlayerStats, PlayerStats], match: boolean): string {
  const rows: [string, (p: PlayerStats) => string][] = [
    ['Unforced moves', (p) => String(p.unforcedMoves)],
    ['Cube decisions (close or actual)', (p) => String(p.unforcedCube)],
    ['Chequer error rate (mEMG)', (p) => fixed(p.chequerErrorRate)],
    ['Cube error rate (mEMG)', (p) => fixed(p.cubeErrorRate)],
    ['Error rate (mEMG)', (p) => fixed(p.errorRate)],
    ...(match ? ([['Error rate (mMWC)', (p) => fixed(p.errorRateMwc)]] as [string, (p: PlayerStats) => string][]) : []),
    ['PR', (p) => fixed(p.pr)],
    ['Doubtful / bad / very bad', (p) => `${p.marks.doubtful} / ${p.marks.bad} / ${p.marks.veryBad}`],
    ['Luck (EMG)', (p) => signed(p.luck)],
    [match ? 'Result (MWC)' : 'Result (points)', (p) => signed(p.result)],
    ['Luck-adjusted result', (p) => signed(p.luckAdjustedResult)],
    ['Rating', (p) => p.rating ?? '–'],
    ...(players.some((p) => p.resignError > 0)
      ? ([['Given away resigning (EMG)', (p) => p.resignError.toFixed(3)]] as [string, (p: PlayerStats) => string][])
      : []),
  ];
  const col = Math.max(14, ...players.map((p) => p.name.length)) + 2;
  const label = Math.max(...rows.map((r) => r[0].length)) + 2;
  const head = `${''.padEnd(label)}${players.map((p) => p.name.padStart(col)).join('')}`;
  return [head, ...rows.map(([l, f]) => `${l.padEnd(label)}${players.map((p) => f(p).padStart(col)).join('')}`)].join('\n');
}

/** The readable report: the decisions game by game with their marks, then the players' figures. */
export function analysisText(a: MatchAnalysis, context: ReportContext = {}): string {
  const names = { p1: a.players[0].name, p2: a.players[1].name };
  const width = Math.max(names.p1.length, names.p2.length);
  const kind = a.matchLength > 0 ? `${a.matchLength}-point match` : 'money play';
  const abandoned = context.abandoned === true;
  const out = [`${VARIANT_NAMES[a.variant]}, ${kind}, analysed at ${a.ply}-ply`];
  for (const g of a.games) {
    out.push('', `Game ${g.game}`);
    for (const d of a.decisions) if (d.game === g.game && (d.kind === 'move' || d.unforced)) out.push(decisionLine(d, names, width));
    for (const d of a.resignations) if (d.game === g.game) out.push(resignLine(d, names, width));
    const end = endLine(g, names, abandoned);
    if (end) out.push(end);
    if (a.games.length > 1) out.push('', summaryTable(g.players, a.matchLength > 0));
  }
  const reason = abandoned ? 'abandoned' : a.end ? MATCH_END_WORDS[a.end.reason] : undefined;
  if (a.end && reason) out.push('', `${a.end.winner ? `${names[a.end.winner]} wins` : 'Ended'} (${reason})`);
  out.push('', a.games.length > 1 ? 'Match' : 'Summary', summaryTable(a.players, a.matchLength > 0));
  return `${out.join('\n')}\n`;
}
