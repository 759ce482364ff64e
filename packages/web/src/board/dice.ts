import type { BoardStep } from './types';

export interface DieFace {
  readonly value: number;
  readonly used: boolean;
}

/**
 * The dice as drawn during a turn: two faces, four on a double, each marked used once a played step took its value.
 * A step's `die` names the value it used, so a bear-off with a higher die marks that die, not the distance moved.
 */
export function diceFaces(dice: readonly [number, number] | null, played: readonly BoardStep[]): DieFace[] {
  if (!dice) return [];
  const values = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];
  const used = values.map(() => false);
  for (const step of played) {
    const i = values.findIndex((v, k) => v === step.die && !used[k]);
    if (i >= 0) used[i] = true;
  }
  return values.map((value, i) => ({ value, used: used[i] ?? false }));
}
