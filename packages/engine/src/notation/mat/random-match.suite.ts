import type { Action } from '../../game/actions.js';
import { apply, currentTurns, newMatch, toAct } from '../../game/match.js';
import { legalActions } from '../../game/legal.js';
import { otherSeat } from '../../game/seats.js';
import type { MatchSettings } from '../../game/settings.js';
import { randomSettings } from '../../testing/random-games.js';
import { seededRng } from '../../testing/random-play.js';
import type { Die, VariantId } from '../../types.js';

type Rnd = () => number;
const die = (rnd: Rnd): Die => (1 + Math.floor(rnd() * 6)) as Die;

/**
 * A random complete match (or session) as an action log: random legal turns and cube actions, and now and then
 * every other thing a log may hold (resign offers accepted and declined, surrender, time-outs, resigning the
 * match, ending a session). At most `maxGames` games, so that a run stays quick.
 */
export function randomMatch(variant: VariantId, seed: number, maxGames = 3): { settings: MatchSettings; actions: Action[] } {
  const rnd = seededRng(seed);
  const settings = randomSettings(variant, rnd);
  const state = newMatch(settings);
  if (!state.ok) throw new Error(state.error.message);
  let s = state.value;
  const actions: Action[] = [];
  const push = (a: Action): boolean => {
    const r = apply(s, a);
    if (!r.ok) return false;
    s = r.value;
    actions.push(a);
    return true;
  };
  while (s.phase !== 'matchOver') {
    const u = rnd();
    const legal = legalActions(s);
    const seat = toAct(s);
    if (s.games.length >= maxGames && s.phase === 'opening') {
      const end = legal.find((a) => a.type === 'endSession') ?? { type: 'resignMatch', seat: u < 0.5 ? 'p1' : 'p2' };
      push({ type: end.type, seat: (end as { seat: 'p1' | 'p2' }).seat } as Action);
      break;
    }
    if (u < 0.004 && s.phase !== 'opening' && s.phase !== 'resignOffered') {
      const who = rnd() < 0.5 ? 'p1' : 'p2';
      push({ type: 'resign', seat: who, level: (['single', 'mars', 'koks'] as const)[Math.floor(rnd() * 3)]! });
      continue;
    }
    if (u > 0.998 && seat && legal.some((a) => a.type === 'timeout')) {
      push({ type: 'timeout', seat });
      continue;
    }
    if (u > 0.997 && s.phase !== 'opening') {
      push({ type: 'surrender', seat: rnd() < 0.5 ? 'p1' : 'p2' });
      continue;
    }
    if (u > 0.9965) {
      push({ type: 'resignMatch', seat: rnd() < 0.5 ? 'p1' : 'p2' });
      continue;
    }
    switch (s.phase) {
      case 'opening':
        push({ type: 'opening', dice: { p1: die(rnd), p2: die(rnd) } });
        break;
      case 'turnStart':
        if (u < 0.1 && legal.some((a) => a.type === 'double')) push({ type: 'double', seat: seat! });
        else push({ type: 'roll', seat: seat!, dice: [die(rnd), die(rnd)] });
        break;
      case 'moving': {
        const turns = currentTurns(s);
        const t = turns[Math.floor(rnd() * turns.length)];
        push({ type: 'move', seat: seat!, steps: t ? t.steps.map((x) => ({ from: x.from, to: x.to })) : [] });
        break;
      }
      case 'cubeOffered': {
        const beaver = legal.some((a) => a.type === 'beaver');
        push({ type: beaver && u < 0.2 ? 'beaver' : u < 0.75 ? 'take' : 'pass', seat: seat! });
        break;
      }
      case 'resignOffered':
        push({ type: u < 0.5 ? 'acceptResign' : 'declineResign', seat: otherSeat(s.game.resignOffer!.by) });
        break;
    }
  }
  return { settings, actions };
}
