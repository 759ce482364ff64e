/**
 * Plays `--games` games of a variant with the bot on both sides at the levels given (cycled per game, so
 * noisy and searching levels all take part) and checks every turn it chooses against the engine's own list
 * of legal turns under the rule options (issue 6 item 7: Caucasian, C1). Prints one JSON line; exits 1 on
 * the first illegal turn, with the position.
 *
 *   npm run train -- legality --variant caucasian --games 10000 [--levels expert,beginner] [--seed 1]
 */
import { legalTurns, makePositionId, seededRng, startPosition, winnerOf, type Position, type VariantId } from '@nardy/engine';
import { chooseTurn, isLevel, type Level } from '@nardy/ai';
import { throwDice } from './td.js';
import { stringArg } from './args.js';

const variant = stringArg('variant', 'caucasian') as VariantId;
const games = Number(stringArg('games', '10000'));
const levels = stringArg('levels', 'expert,beginner,advanced').split(',').filter(isLevel) as Level[];
const rng = seededRng(Number(stringArg('seed', '1')));
const key = (p: Position): string => JSON.stringify(p.board) + p.turn;
const started = Date.now();
let turns = 0;
for (let g = 0; g < games; g++) {
  const level = levels[g % levels.length]!;
  let pos = startPosition(variant, g % 2 === 0 ? 'white' : 'black');
  while (!winnerOf(pos)) {
    const dice = throwDice(rng);
    const chosen = chooseTurn(pos, dice, { level, rng });
    const legal = legalTurns(pos, dice);
    const ok = legal.length === 0 ? chosen.steps.length === 0 : legal.some((t) => key(t.after) === key(chosen.after));
    if (!ok) {
      console.log(JSON.stringify({ illegal: true, variant, level, game: g + 1, position: makePositionId(pos), dice, steps: chosen.steps }));
      process.exit(1);
    }
    turns++;
    pos = chosen.after;
  }
}
console.log(JSON.stringify({ variant, games, turns, levels, illegal: 0, seconds: Math.round((Date.now() - started) / 1000) }));
