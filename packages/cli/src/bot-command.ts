import { createInterface } from 'node:readline';
import { DEFAULT_LEVEL, LEVELS } from '@nardy/ai';
import { VARIANT_IDS } from '@nardy/engine';
import { choice, integer, parse } from './args.js';
import { BotSession } from './bot-protocol.js';
import { EXIT_OK, UsageError, write, type Io } from './io.js';
import { levelFrom } from './position-input.js';
import { RULE_OPTION_HELP, RULE_OPTION_SPEC, ruleOptionsFrom } from './rule-options.js';

export const BOT_HELP = `Usage: nardy bot --stdio [--level L] [--variant short|long|caucasian] [--seed N]

The computer player on stdin/stdout, speaking the JSON-lines bot protocol of play.py
(shared/tools/gnubg/README.md (d)): one answer line per request, none for "end" and "bye"; it stops at
"bye" or at the end of the input.

  {"type":"move","pos":ID,"dice":[6,3],...}          -> {"after": ID}   (the position after its turn, itself still on roll)
  {"type":"move","board":{plain board},...}           -> {"result": KEY} (the fixtures' canonical key after its turn)
  {"type":"double","pos":ID,"cube":{...}}             -> {"action": "double" | "roll"}
  {"type":"take","pos":ID,"cube":{...}}               -> {"action": "take" | "drop"} ("beaver" if cube.beaver)
  {"type":"end",...}, {"type":"bye"}                  -> nothing

"pos" is a Position ID from the bot's view: gnubg's for short nardy and Caucasian (--variant, default short),
a long-nardy ID for long nardy. "board" is a plain board (packages/engine/test/fixtures/legal/README.md, with "dice" and
"firstTurn"); in a take request its "onRoll" is the doubler. "cube": {value, owner: me|opp|centre, matchTo
(0 = money), score: {me, opp}}, optionally crawford, jacoby, beaver (booleans); without crawford, the
Crawford game is told from the games seen (the request's "game" number, the "end" lines). Turns by chooseTurn at
--level (default ${DEFAULT_LEVEL}; ${LEVELS.join(', ')}), in a match (a move's cube.matchTo > 0) scored by match
winning chances under that cube; cube by cubeDecision on the level's cube look-ahead
(static up to expert, 2-ply for worldclass and grandmaster). --seed N makes the noise of
the lower levels reproducible. A bad request gets {"error": "..."} and the bot goes on.

${RULE_OPTION_HELP}`;

export async function botCommand(args: readonly string[], io: Io): Promise<number> {
  const { values } = parse(
    args,
    { ...RULE_OPTION_SPEC, stdio: { type: 'boolean' }, level: { type: 'string' }, variant: { type: 'string' }, seed: { type: 'string' } },
    0,
  );
  if (values['stdio'] !== true) throw new UsageError('bot needs --stdio (the only transport so far)');
  const seed = integer(values, 'seed', 0, 2 ** 32 - 1);
  const session = new BotSession({
    variant: choice(values, 'variant', VARIANT_IDS) ?? 'short',
    level: levelFrom(values, DEFAULT_LEVEL),
    rules: ruleOptionsFrom(values),
    ...(seed !== undefined ? { seed } : {}),
  });
  const rl = createInterface({ input: io.stdin, crlfDelay: Infinity, terminal: false });
  for await (const line of rl) {
    if (line.trim() === '') continue;
    const { answer, bye } = session.reply(line);
    if (answer !== null) await write(io.stdout, `${answer}\n`);
    if (bye) break;
  }
  rl.close();
  return EXIT_OK;
}
