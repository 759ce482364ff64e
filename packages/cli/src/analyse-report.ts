import type { Decision, MatchAnalysis, PlayerStats, SkillMark } from '@nardy/ai';

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

const signed = (x: number, digits = 3): string => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(digits);
const fixed = (x: number | null | undefined, digits = 1): string => (x === null || x === undefined ? '–' : x.toFixed(digits));

/** The `--json` object: the players' figures, each game's, and every decision in short. */
export function analysisJson(a: MatchAnalysis): unknown {
  const name = (seat: string): string => (seat === 'p1' ? a.players[0].name : a.players[1].name);
  return {
    variant: a.variant,
    matchLength: a.matchLength,
    ply: a.ply,
    players: a.players,
    games: a.games,
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
  ];
  const col = Math.max(14, ...players.map((p) => p.name.length)) + 2;
  const label = Math.max(...rows.map((r) => r[0].length)) + 2;
  const head = `${''.padEnd(label)}${players.map((p) => p.name.padStart(col)).join('')}`;
  return [head, ...rows.map(([l, f]) => `${l.padEnd(label)}${players.map((p) => f(p).padStart(col)).join('')}`)].join('\n');
}

/** The readable report: the decisions game by game with their marks, then the players' figures. */
export function analysisText(a: MatchAnalysis): string {
  const names = { p1: a.players[0].name, p2: a.players[1].name };
  const width = Math.max(names.p1.length, names.p2.length);
  const kind = a.matchLength > 0 ? `${a.matchLength}-point match` : 'money play';
  const out = [`${VARIANT_NAMES[a.variant]}, ${kind}, analysed at ${a.ply}-ply`];
  for (const g of a.games) {
    out.push('', `Game ${g.game}`);
    for (const d of a.decisions) if (d.game === g.game && (d.kind === 'move' || d.unforced)) out.push(decisionLine(d, names, width));
    if (a.games.length > 1) out.push('', summaryTable(g.players, a.matchLength > 0));
  }
  out.push('', a.games.length > 1 ? 'Match' : 'Summary', summaryTable(a.players, a.matchLength > 0));
  return `${out.join('\n')}\n`;
}
