import { describe, expect, it } from 'vitest';
import { seededRng } from '@nardy/engine';
import { exactEvaluator, Mlp, type NetSet, SHORT_FAMILY, type ShortClass } from '@nardy/ai/lab';
import { crashedStart } from './crashed-starts.js';
import { tdGame } from './td.js';

const freshNets = (): NetSet<ShortClass> => {
  const rng = seededRng(3);
  const net = () => Mlp.random({ inputs: SHORT_FAMILY.inputs, hidden: 4, outputs: 5 }, rng);
  return { contact: net(), crashed: net(), race: net() };
};
const snapshot = (n: Mlp): number[] => [...n.weights.w1, ...n.weights.w2];
const exact = exactEvaluator('short');

describe('tdGame', () => {
  it('from a given start, only the classes it is told to train learn; exactly known positions are not trained', () => {
    const nets = freshNets();
    const before = { contact: snapshot(nets.contact), race: snapshot(nets.race), crashed: snapshot(nets.crashed) };
    const rng = seededRng(8);
    let trained = 0;
    for (let g = 0; g < 5; g++) {
      const stats = tdGame(SHORT_FAMILY, nets, rng, { lambda: 0.7, rate: 0.05, start: crashedStart(rng), exact, trains: (cls) => cls === 'crashed' });
      expect(stats.trained).toBeLessThanOrEqual(stats.plies);
      trained += stats.trained;
    }
    expect(trained).toBeGreaterThan(0);
    expect(snapshot(nets.contact)).toEqual(before.contact);
    expect(snapshot(nets.race)).toEqual(before.race);
    expect(snapshot(nets.crashed)).not.toEqual(before.crashed);
  });

  it('plays a whole game from the start by default and trains every position', () => {
    const nets = freshNets();
    const stats = tdGame(SHORT_FAMILY, nets, seededRng(2), { lambda: 0.7, rate: 0.05 });
    expect(stats.trained).toBe(stats.plies);
    expect(['white', 'black']).toContain(stats.winner);
  });
});
