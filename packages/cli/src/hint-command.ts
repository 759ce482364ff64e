import { DEFAULT_LEVEL, LEVEL_SETTINGS, LEVELS, rankTurns, type Probabilities } from '@nardy/ai';
import { boardKey, makePositionId, makeTurnNotation } from '@nardy/engine';
import { parse } from './args.js';
import { EXIT_OK, UsageError, write, type Io } from './io.js';
import { afterId, levelFrom, POSITION_HELP, POSITION_OPTION_SPEC, readPositionInput, signed } from './position-input.js';
import { RULE_OPTION_HELP, RULE_OPTION_SPEC, ruleOptionsFrom } from './rule-options.js';

export const HINT_HELP = `Usage: nardy hint <position> --dice 31 [--level L] [--json] [--variant V] [--turn white|black]

Ranks every legal turn of the side on roll for the dice, best first, as the bot at --level sees them
(default ${DEFAULT_LEVEL}; ${LEVELS.join(', ')}): for each turn its five probabilities after it (win, win
mars, win koks, lose mars, lose koks, for the mover), its cubeless equity and the difference from the best.
Turns dropped by the level's move filters keep the score of the depth they reached (shown per turn).

${POSITION_HELP}
The dice come from --dice (31, 3-1), else from the input (a plain board's "dice", a Match ID's dice).

--json: one JSON object {variant, position, dice, level, turns: [{rank, move, result, after?, plies,
equity, diff, probabilities}]}; "result" is the fixtures' canonical key of the position after the turn,
"after" (short nardy, Caucasian) its gnubg Position ID with the mover still on roll.

${RULE_OPTION_HELP}`;

const probabilityLine = (p: Probabilities): string =>
  [p.win, p.winMars, p.winKoks].map((x) => x.toFixed(3)).join(' ') + ' - ' + [1 - p.win, p.loseMars, p.loseKoks].map((x) => x.toFixed(3)).join(' ');

export async function hintCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, { ...POSITION_OPTION_SPEC, ...RULE_OPTION_SPEC, level: { type: 'string' }, json: { type: 'boolean' } }, 1);
  const input = readPositionInput(values, positionals, 'hint');
  const { position, dice } = input;
  if (!dice) throw new UsageError('hint needs dice: --dice 31');
  const level = levelFrom(values, DEFAULT_LEVEL);
  const ranked = rankTurns(position, dice, { level, rules: ruleOptionsFrom(values) });
  const best = ranked[0]?.equity ?? 0;
  const turns = ranked.map((r, i) => {
    const after = afterId(position, r.turn.after);
    return {
      rank: i + 1,
      move: makeTurnNotation(position, r.turn),
      result: boardKey(r.turn.after),
      ...(after ? { after } : {}),
      plies: r.plies,
      equity: r.equity,
      diff: r.equity - best,
      probabilities: r.probabilities,
    };
  });
  if (values['json']) {
    const out = { variant: position.variant, position: makePositionId(position), dice, level, turns };
    await write(io.stdout, `${JSON.stringify(out)}\n`);
    return EXIT_OK;
  }
  const head = `${makePositionId(position)}: ${position.turn} to play ${dice[0]}${dice[1]}, level ${level} (${LEVEL_SETTINGS[level].plies}-ply)\n`;
  if (turns.length === 0) {
    await write(io.stdout, `${head}No legal turn: the turn passes (L14).\n`);
    return EXIT_OK;
  }
  const width = Math.max(...turns.map((t) => t.move.length));
  const lines = turns.map((t) => {
    const diff = t.rank === 1 ? '' : ` (${signed(t.diff)})`;
    return (
      `${String(t.rank).padStart(4)}. ${t.plies}-ply  ${t.move.padEnd(width)}  Eq.: ${signed(t.equity)}${diff}\n` +
      `${' '.repeat(14)}${probabilityLine(t.probabilities)}\n`
    );
  });
  await write(io.stdout, head + lines.join(''));
  return EXIT_OK;
}
