import { cubeDecision, cubelessEquity, rolloutContext, type CubeContext, type CubeDecision, type CubeView } from '@nardy/ai';
import { DEFAULT_SCORING, makePositionId, opposite, type Position } from '@nardy/engine';
import { parse } from './args.js';
import { EXIT_OK, write, type Io } from './io.js';
import { POSITION_HELP, POSITION_OPTION_SPEC, readPositionInput, signed } from './position-input.js';

export const EVAL_HELP = `Usage: nardy eval <position> [--json] [--variant V] [--turn white|black]

Evaluates the position for the side on roll, before it throws: the five probabilities (win, win mars,
win koks, lose mars, lose koks) of the variant's strongest static evaluator (0-ply), the cubeless equity,
and the cube: the cubeful equities of no double, double/take and double/pass, the cubeful equity and the
decision (cubeDecision: Janowski's model for money, the match equity table in a match).

${POSITION_HELP}
The cube and the score come from a gnubg Match ID ("ID:MatchID"); otherwise a centred 1-cube, money.

--json: one JSON object {variant, position, probabilities, cubelessEquity, cube, equities, cubefulEquity,
action, response}; equities per unit of the current cube, for the side on roll.`;

const ACTION_TEXT: Readonly<Record<CubeDecision['action'], string>> = { double: 'Double', noDouble: 'No double', tooGood: 'Too good to double' };

interface CubeInput {
  readonly view: CubeView;
  readonly context: CubeContext;
  readonly describe: string;
}

/** The cube as the side on roll sees it, from a Match ID's extras (a centred 1-cube for money otherwise). */
function cubeInput(position: Position, shown: ReturnType<typeof readPositionInput>): CubeInput {
  const me = position.turn;
  const owner = shown.cube?.owner === undefined ? 'centred' : shown.cube.owner === me ? 'onRoll' : 'opponent';
  const value = shown.cube?.value ?? 1;
  const length = shown.matchLength ?? 0;
  if (length > 0 && shown.score) {
    const away = { onRoll: length - shown.score[me], opponent: length - shown.score[opposite(me)] };
    // The Crawford game has no cube at all; a side 1-away in a game that has one is past it.
    const stage = Math.min(away.onRoll, away.opponent) <= 1 ? 'postCrawford' : 'preCrawford';
    return {
      view: { value, owner },
      context: { away, stage },
      describe: `cube ${value} ${owner}, match to ${length}, ${away.onRoll}-away/${away.opponent}-away`,
    };
  }
  return { view: { value, owner }, context: {}, describe: `cube ${value} ${owner}, money` };
}

export async function evalCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, { ...POSITION_OPTION_SPEC, json: { type: 'boolean' } }, 1);
  const shown = readPositionInput(values, positionals, 'eval');
  const { position } = shown;
  const scoring = DEFAULT_SCORING;
  const evaluator = rolloutContext(position, scoring).evaluate;
  const cube = cubeInput(position, shown);
  const d = cubeDecision(position, cube.view, { ...cube.context, scoring, evaluator });
  const p = d.probabilities;
  const cubeless = cubelessEquity(p, scoring.ceiling);
  const decision = `${ACTION_TEXT[d.action]}, ${d.response}`;
  if (values['json']) {
    const out = {
      variant: position.variant,
      position: makePositionId(position),
      probabilities: p,
      cubelessEquity: cubeless,
      cube: { value: cube.view.value, owner: cube.view.owner, ...cube.context },
      equities: d.equities,
      cubefulEquity: d.equities.optimal,
      action: d.action,
      response: d.response,
    };
    await write(io.stdout, `${JSON.stringify(out)}\n`);
    return EXIT_OK;
  }
  const e = d.equities;
  await write(
    io.stdout,
    `${makePositionId(position)}: ${position.turn} on roll (static evaluation)\n` +
      `  win ${p.win.toFixed(3)}  mars ${p.winMars.toFixed(3)}  koks ${p.winKoks.toFixed(3)}   ` +
      `lose ${(1 - p.win).toFixed(3)}  mars ${p.loseMars.toFixed(3)}  koks ${p.loseKoks.toFixed(3)}\n` +
      `  cubeless equity ${signed(cubeless)}\n` +
      `  ${cube.describe}: no double ${signed(e.noDouble)}, double/take ${signed(e.take)}, double/pass ${signed(e.pass)}\n` +
      `  cubeful equity ${signed(e.optimal)}: ${decision}\n`,
  );
  return EXIT_OK;
}
