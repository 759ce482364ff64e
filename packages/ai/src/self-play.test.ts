import { describe, expect, it } from 'vitest';
import { legalTurns, passTurn, startPosition, winnerOf, type Color, type Die, type VariantId } from '@nardy/engine';
import { chooseTurn } from './choose.js';
import { seededRng } from './rng.js';

/** The bot at `expert` (0-ply, the variant's evaluator) against one picking uniformly among legal turns; the bot plays White in even games. */
function heuristicWins(variant: VariantId, games: number, seed: number): number {
  const rng = seededRng(seed);
  const die = (): Die => (1 + Math.floor(rng() * 6)) as Die;
  let wins = 0;
  for (let g = 0; g < games; g++) {
    const bot: Color = g % 2 === 0 ? 'white' : 'black';
    let pos = startPosition(variant);
    for (let ply = 0; !winnerOf(pos); ply++) {
      if (ply > 2000) throw new Error('game did not end');
      const dice = [die(), die()] as const;
      if (pos.turn === bot) pos = chooseTurn(pos, dice, { level: 'expert' }).after;
      else {
        const turns = legalTurns(pos, dice);
        pos = turns.length === 0 ? passTurn(pos).after : turns[Math.floor(rng() * turns.length)]!.after;
      }
    }
    if (winnerOf(pos) === bot) wins++;
  }
  return wins;
}

describe('self-play against a random bot', () => {
  for (const variant of ['short', 'long', 'caucasian'] as const) {
    const games = variant === 'caucasian' ? 100 : 200;
    it(`${variant}: expert wins clearly (${games} games from the start, seed 2024)`, () => {
      const wins = heuristicWins(variant, games, 2024);
      console.log(`[@nardy/ai self-play] ${variant}: expert beat random in ${wins}/${games} games (${((100 * wins) / games).toFixed(1)} %)`);
      expect(wins / games).toBeGreaterThan(0.85);
    }, 60_000);
  }
});
