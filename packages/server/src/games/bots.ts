import { LEVELS, LEVEL_SETTINGS, cubeDecision, cubeInputsOf, playCubeOf, type Level, type Probabilities } from '@nardy/ai';
import type { BotPool } from '@nardy/ai/node';
import { LIMITS } from '@nardy/protocol';
import { firstTurn, type BotPlayer } from '../game/bot.js';
import type { GameView } from '../game/events.js';

/**
 * Bot seats. A seat held by `{ kind: 'bot', botId }` names its level in the id: `bot-<n>` for protocol level
 * n = 1..10 (`bot.play`). The pool-backed player asks @nardy/ai's worker pool for its turns (off the event
 * loop, within the actor's budget: the pool answers the first legal turn when it runs out) and decides cube
 * actions with `cubeDecision` on the level's cube look-ahead (`cubePlies`): a static evaluation on the main thread
 * for the levels that look no further, the pool's search within the budget for `worldclass` and `grandmaster`.
 */

export const botIdFor = (level: number): string => `bot-${level}`;

/** The protocol level (1..10) of a bot id, or null when it is not one. */
export function botLevelOf(botId: string): number | null {
  const m = /^bot-(\d{1,2})$/.exec(botId);
  const n = m ? Number(m[1]) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= LIMITS.botLevels ? n : null;
}

/** Protocol levels 1..10 spread over @nardy/ai's named levels (1 → beginner … 10 → grandmaster). */
function aiLevel(level: number): Level {
  const i = Math.min(LEVELS.length - 1, Math.max(0, Math.floor(((level - 1) * LEVELS.length) / LIMITS.botLevels)));
  return LEVELS[i]!;
}

export const botName = (level: number): string => `Bot ${level} (${aiLevel(level)})`;

/** Makes the player for a bot id (null: not a bot this server knows). */
export type BotFactory = (botId: string) => BotPlayer | null;

/**
 * Cube decisions shared by every bot: `cubeDecision` on the view's match (`inputs`; a beaver is answered by the
 * doubler), on `probabilities` of the position when given (a deeper search), else its static evaluation.
 */
function cubeFor(view: GameView, inputs = cubeInputsOf(view.match), probabilities?: Probabilities): 'roll' | 'double' | 'take' | 'pass' | 'beaver' {
  const allowed = (type: 'double' | 'take' | 'beaver'): boolean => view.legal?.actions.includes(type) ?? false;
  const d = cubeDecision(inputs.position, inputs.cube, probabilities ? { ...inputs.context, evaluator: () => probabilities } : inputs.context);
  if (view.match.phase === 'cubeOffered') {
    const answer = view.match.game.cubeOffer?.beaver ? d.beaverResponse : d.response;
    if (answer === 'beaver' && allowed('beaver')) return 'beaver';
    return answer !== 'pass' && allowed('take') ? 'take' : 'pass';
  }
  return d.action === 'double' && allowed('double') ? 'double' : 'roll';
}

const scoringOf = (s: GameView['match']['settings']) => ({ ceiling: s.ceiling, marsDefinition: s.marsDefinition, homeMars: s.homeMars, koks: s.koks });

/** Bots that play through the worker pool. */
export function poolBots(pool: BotPool): BotFactory {
  return (botId) => {
    const level = botLevelOf(botId);
    if (level === null) return null;
    return {
      id: botId,
      async chooseTurn(view, budgetMs) {
        const g = view.match.game;
        if (!g.dice) return [];
        const s = view.match.settings;
        // Match play: turns scored by match winning chances (`cubefulPlayEquity`), under the cube when the match
        // has one; money play stays cubeless (cubeful money play measured no better with our nets).
        const match = s.matchLength > 0 ? cubeInputsOf(view.match) : undefined;
        const cube = match && playCubeOf(match.cube, s.cube.enabled ? match.context : { ...match.context, maxCube: match.cube.value });
        const answer = await pool.chooseTurn(
          {
            position: g.position,
            dice: g.dice,
            level: aiLevel(level),
            rules: s.rules,
            scoring: scoringOf(s),
            ...(cube ? { cube } : {}),
          },
          budgetMs,
        );
        return answer.turn.steps.map((st) => ({ from: st.from, to: st.to }));
      },
      async cubeDecision(view, budgetMs) {
        const named = aiLevel(level);
        if (LEVEL_SETTINGS[named].cubePlies === 0) return cubeFor(view);
        const s = view.match.settings;
        // The position the cube decision is about: the doubler's, before the throw.
        const inputs = cubeInputsOf(view.match);
        const answer = await pool.cubeProbabilities({ position: inputs.position, level: named, rules: s.rules, scoring: scoringOf(s) }, budgetMs);
        return cubeFor(view, inputs, answer.probabilities);
      },
    };
  };
}

/** In-process bots (tests, tools): the first legal turn, the same cube decisions. Fast and deterministic. */
export function inProcessBots(): BotFactory {
  return (botId) => {
    if (botLevelOf(botId) === null) return null;
    return {
      id: botId,
      async chooseTurn(view) {
        return firstTurn(view.legal);
      },
      async cubeDecision(view) {
        return cubeFor(view);
      },
    };
  };
}
