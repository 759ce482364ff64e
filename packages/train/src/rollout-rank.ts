import { makeTurnNotation, type Position, type Turn } from '@nardy/engine';
import { rollout, type RolloutOptions } from '@nardy/ai';
import { workerTrials } from '@nardy/ai/node';

/** A turn with its rollout: notation, equity for the side on roll and standard error. */
export interface RolledTurn {
  readonly turn: Turn;
  readonly move: string;
  readonly equity: number;
  readonly se: number;
}

/** The rollout settings of the benchmark set and the opening book (truncate 0 = play every trial to the end). */
export interface RankSettings {
  readonly trials: number;
  readonly truncate: number;
  readonly seed: number;
  readonly workers: number;
  /** Luck adjustment (variance reduction): about 5× less variance per trial at about 10× the cost in long nardy. */
  readonly luck: boolean;
}

/**
 * Rolls out each turn (the position after it, from the mover's view) with the same seed — the same dice for
 * every candidate, so their differences carry less noise than their standard errors say — best first.
 */
export async function rankByRollout(position: Position, turns: readonly Turn[], s: RankSettings): Promise<RolledTurn[]> {
  const options: RolloutOptions = {
    trials: s.trials,
    seed: s.seed,
    luck: s.luck,
    ...(s.workers > 0 ? { runner: workerTrials(s.workers) } : {}),
    ...(s.truncate > 0 ? { truncate: s.truncate } : {}),
  };
  const ranked: RolledTurn[] = [];
  for (const turn of turns) {
    const r = await rollout(position, { ...options, played: turn });
    ranked.push({ turn, move: makeTurnNotation(position, turn), equity: r.equity, se: r.standardError.equity });
  }
  return ranked.sort((a, b) => b.equity - a.equity);
}

/** The settings from the command line (`--trials`, `--truncate`, `--seed`, `--workers`, `--no-luck`), with a script's defaults. */
export function rankSettings(numberArg: (name: string, fallback: number) => number, defaults: Omit<RankSettings, 'luck'>, noLuck: boolean): RankSettings {
  return {
    luck: !noLuck,
    trials: numberArg('trials', defaults.trials),
    truncate: numberArg('truncate', defaults.truncate),
    seed: numberArg('seed', defaults.seed),
    workers: numberArg('workers', defaults.workers),
  };
}
