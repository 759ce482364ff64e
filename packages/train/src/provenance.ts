import { execSync } from 'node:child_process';
import { loadNet, LONG_FAMILY, type NetFamily, SHORT_FAMILY } from '@nardy/ai/lab';

/** The checkout's short commit hash, for the headers of generated data; 'unknown commit' outside git. */
function gitCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown commit';
  }
}

/**
 * Which evaluator made a piece of data: the commit and the training state written in the family's contact net
 * file (`weights/*.nnet` change between commits while training runs).
 */
function familyLabel(family: NetFamily): string {
  let nets = `no ${family.variant} nets`;
  try {
    const training = loadNet(family.file('contact'), family.encoding).meta.training ?? {};
    nets = `${family.variant} nets ${Object.entries(training)
      .map(([k, v]) => `${k} ${String(v)}`)
      .join(', ')}`;
  } catch {
    // no nets: the label says so
  }
  return `staticEvaluator('${family.variant}') at ${gitCommit()} (${nets})`;
}

export const longEvaluatorLabel = (): string => familyLabel(LONG_FAMILY);
export const shortEvaluatorLabel = (): string => familyLabel(SHORT_FAMILY);
