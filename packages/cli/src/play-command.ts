import { UsageError, type Io } from './io.js';

export const PLAY_HELP = `Usage: nardy play [--variant long|short|caucasian] [--match N] [--cube] [--seed N]

Not built yet: waits for the engine's match reducer.`;

export async function playCommand(_args: readonly string[], _io: Io): Promise<number> {
  throw new UsageError('nardy play is not built yet');
}
