import { execSync } from 'node:child_process';
import { loadNet } from '../net/load.js';
import { LONG_FAMILY } from '../net/long-family.js';

/** The checkout's short commit hash, for the headers of generated data; 'unknown commit' outside git. */
export function gitCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown commit';
  }
}

/**
 * Which long-nardy evaluator made a piece of data: the commit and the training state written in the long nets'
 * files (`weights/long-*.nnet` change between commits while training runs).
 */
export function longEvaluatorLabel(): string {
  let nets = 'no long nets';
  try {
    const training = loadNet(LONG_FAMILY.file('contact'), LONG_FAMILY.encoding).meta.training ?? {};
    nets = `long nets ${Object.entries(training)
      .map(([k, v]) => `${k} ${String(v)}`)
      .join(', ')}`;
  } catch {
    // no nets: the label says so
  }
  return `staticEvaluator('long') at ${gitCommit()} (${nets})`;
}
