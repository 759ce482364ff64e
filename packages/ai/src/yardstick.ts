/**
 * @nardy/ai/yardstick: the fixed yardstick the nets are measured against, kept out of the runtime — the
 * documented heuristic evaluator (`evaluate`, its `WEIGHTS`) and its 0-ply player (`heuristicTurn`), for the
 * lab's duels and the CLI's `heuristic` match player.
 */
export { evaluate } from './evaluate.js';
export { WEIGHTS } from './weights.js';
export { heuristicTurn } from './heuristic-bot.js';
