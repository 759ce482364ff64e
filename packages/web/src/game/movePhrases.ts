/** The move list's lines as phrases: who did what, the turns in notation, the cube's values, game results. */
import { getVariant, type BySeat, type VariantId } from '@nardy/engine';
import type { MoveEntry } from './moveList';
import type { Phrase } from './phrase';
import { gameResultPhrase, kindPhrase, levelKind } from './results';

export function entryPhrase(entry: MoveEntry, names: BySeat<string>, variant: VariantId): Phrase {
  switch (entry.kind) {
    case 'opening':
      return { key: 'moves.opening', params: { p1: names.p1, d1: entry.dice.p1, p2: names.p2, d2: entry.dice.p2 } };
    case 'move':
      return {
        key: 'moves.move',
        params: {
          name: names[entry.seat],
          color: { key: `colors.${entry.color}` },
          dice: entry.dice ? `${entry.dice[0]}-${entry.dice[1]}` : '',
          notation: entry.notation,
        },
      };
    case 'double':
    case 'beaver':
    case 'take':
      return { key: `moves.${entry.kind}`, params: { name: names[entry.seat], value: entry.value } };
    case 'resign':
      return { key: 'moves.resign', params: { name: names[entry.seat], kind: kindPhrase(levelKind(getVariant(variant).scoring, entry.level), variant) } };
    case 'gameEnded':
      return gameResultPhrase(entry.result, names, variant);
    default:
      return { key: `moves.${entry.kind}`, params: { name: names[entry.seat] } };
  }
}

/** The entry to highlight at step `at` of a replay: the last one that happened by then (null before the first). */
export function currentEntry(entries: readonly MoveEntry[], at: number): MoveEntry | null {
  let found: MoveEntry | null = null;
  for (const e of entries) {
    if (e.at > at) break;
    found = e;
  }
  return found;
}
