import { parse } from './args.js';
import { EXIT_OK, type Io } from './io.js';
import { runLegal } from './legal.js';
import { RULE_OPTION_HELP, RULE_OPTION_SPEC, ruleOptionsFrom } from './rule-options.js';

export const LEGAL_HELP = `Usage: nardy legal [rule options] < positions.jsonl

Reads plain-board JSON lines on stdin (the format of packages/engine/test/fixtures/legal/*.jsonl.gz: variant, onRoll,
white, black, dice, firstTurn; any other field such as "expected" is ignored) and writes one JSON
line per input line, in the same order:

  {"count": n, "results": [keys], "plays": [{"steps": "24/18 13/10", "result": key}, ...]}

count/results: the distinct positions the side on roll can reach (canonical keys, sorted by plain
string order, as the fixtures' "expected"); count 0 and [] when no die can be played. plays: every
legal turn in the engine's order, in turn notation, with its resulting key.
A bad line (bad JSON, bad board, bad or missing dice) gets {"error": {"code": ..., "message": ...}}
and the next lines go on. An empty line is answered with an error line too (code BAD_INPUT), so
output line n always answers input line n.

${RULE_OPTION_HELP}`;

export async function legalCommand(args: readonly string[], io: Io): Promise<number> {
  const { values } = parse(args, RULE_OPTION_SPEC, 0);
  const options = ruleOptionsFrom(values);
  await runLegal(io.stdin, io.stdout, options);
  return EXIT_OK;
}
