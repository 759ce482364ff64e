import { startPosition } from '@nardy/engine';
import { describe, expect, it } from 'vitest';
import { isValidProbabilities } from '@nardy/ai';
import { LONG_FAMILY, SHORT_FAMILY } from '@nardy/ai/lab';
import { loadFamilyFrom, netFiles, netStaticEvaluator, trainingOf } from './net-location.js';

const base = new URL('file:///work/x/');

describe('netFiles', () => {
  it('a directory: the family’s usual file names in it', () => {
    const f = netFiles(LONG_FAMILY, 'gen3', base);
    expect(f.contact.pathname).toBe('/work/x/gen3/long-contact.nnet');
    expect(f.race.pathname).toBe('/work/x/gen3/long-race.nnet');
    expect(netFiles(LONG_FAMILY, '/abs/dir/', base).race.pathname).toBe('/abs/dir/long-race.nnet');
  });
  it('a pattern: {class} replaced by each class', () => {
    const f = netFiles(LONG_FAMILY, 'old/v2-{class}.nnet', base);
    expect(f.contact.pathname).toBe('/work/x/old/v2-contact.nnet');
    expect(f.race.pathname).toBe('/work/x/old/v2-race.nnet');
  });
});

describe('loadFamilyFrom / netStaticEvaluator', () => {
  const weights = new URL('../../ai/weights/', import.meta.url).pathname;
  it('reads the committed short nets from their directory and evaluates with them', () => {
    const evaluate = netStaticEvaluator(SHORT_FAMILY, loadFamilyFrom(SHORT_FAMILY, weights));
    expect(isValidProbabilities(evaluate(startPosition('short')), 1e-6)).toBe(true);
    expect(trainingOf(SHORT_FAMILY, weights)['games']).toEqual(expect.any(Number));
  });
  it('a missing file is an error naming it', () => {
    expect(() => loadFamilyFrom(LONG_FAMILY, '/nonexistent-dir')).toThrow(/nonexistent-dir\/long-contact\.nnet/);
  });
});
