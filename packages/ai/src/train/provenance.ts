import { execSync } from 'node:child_process';

/** The checkout's short commit hash, for the headers of generated data (which evaluator made it); 'unknown commit' outside git. */
export function gitCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown commit';
  }
}
