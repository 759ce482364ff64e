import { ANALYSE_HELP, analyseCommand } from './analyse-command.js';
import { BOT_HELP, botCommand } from './bot-command.js';
import { EVAL_HELP, evalCommand } from './eval-command.js';
import { HINT_HELP, hintCommand } from './hint-command.js';
import { EXIT_FAULT, EXIT_OK, EXIT_USAGE, oneLine, UsageError, write, type Io } from './io.js';
import { LEGAL_HELP, legalCommand } from './legal-command.js';
import { MATCH_HELP, matchCommand } from './match-command.js';
import { PLAY_HELP, playCommand } from './play-command.js';
import { ROLLOUT_HELP, rolloutCommand } from './rollout-command.js';
import { SHOW_HELP, showCommand } from './show.js';
import { VERIFY_DICE_HELP, verifyDiceCommand } from './verify-dice.js';

const MAIN_HELP = `Usage: nardy <command> [options]

Long nardy, short nardy (backgammon) and Caucasian nardy at the terminal.

Commands:
  legal        read plain-board JSON lines on stdin, write every legal turn as JSON lines
  show         print the ASCII board of a position ID or a plain-board JSON string
  play         two people play a game or a match at one terminal
  verify-dice  recompute every throw of a finished server game from its revealed seed
  hint         rank the legal turns of a position and dice, as the bot sees them
  eval         the probabilities, equities and cube decision of a position
  rollout      play a position out many times (quasi-random dice, luck adjustment, worker threads)
  analyse      analyse a game record or .mat file: every decision, luck, error rates, PR, rating
  bot          the computer player on stdin/stdout (the JSON-lines bot protocol of play.py)
  match        two bots play each other: points per game with a 95% interval

Options:
  -h, --help   show help (also: nardy <command> --help)

Exit codes: 0 success, 2 bad arguments or input, 1 an internal error (verify-dice: a throw that does not match).`;

interface Command {
  readonly help: string;
  readonly run: (args: readonly string[], io: Io) => Promise<number>;
}

const COMMANDS: Readonly<Record<string, Command>> = {
  legal: { help: LEGAL_HELP, run: legalCommand },
  show: { help: SHOW_HELP, run: showCommand },
  play: { help: PLAY_HELP, run: playCommand },
  'verify-dice': { help: VERIFY_DICE_HELP, run: verifyDiceCommand },
  hint: { help: HINT_HELP, run: hintCommand },
  eval: { help: EVAL_HELP, run: evalCommand },
  rollout: { help: ROLLOUT_HELP, run: rolloutCommand },
  analyse: { help: ANALYSE_HELP, run: analyseCommand },
  bot: { help: BOT_HELP, run: botCommand },
  match: { help: MATCH_HELP, run: matchCommand },
};

/** Runs `nardy` with the arguments after the program name; resolves to the exit code. Never throws. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  try {
    const [name, ...rest] = argv;
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      const topic = name === 'help' ? rest[0] : undefined;
      const cmd = topic !== undefined ? COMMANDS[topic] : undefined;
      if (topic !== undefined && !cmd) throw new UsageError(`unknown command '${topic}' (try nardy --help)`);
      await write(name === undefined ? io.stderr : io.stdout, `${cmd ? cmd.help : MAIN_HELP}\n`);
      return name === undefined ? EXIT_USAGE : EXIT_OK;
    }
    const cmd = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!cmd) throw new UsageError(`unknown command '${name}' (try nardy --help)`);
    if (rest.includes('--help') || rest.includes('-h')) {
      await write(io.stdout, `${cmd.help}\n`);
      return EXIT_OK;
    }
    return await cmd.run(rest, io);
  } catch (e) {
    const usage = e instanceof UsageError;
    const message = usage ? e.message : e instanceof Error ? `internal error: ${e.message}` : `internal error: ${String(e)}`;
    try {
      await write(io.stderr, `nardy: ${oneLine(message)}\n`);
    } catch {
      // stderr is gone too; the exit code still tells.
    }
    return usage ? EXIT_USAGE : EXIT_FAULT;
  }
}
