import { PassThrough } from 'node:stream';
import type { Io } from './io.js';
import { main } from './cli.js';

/** Runs `nardy` in-process with the given stdin text; collects stdout, stderr and the exit code. */
export async function runCli(argv: readonly string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  const input = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let errText = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (errText += c.toString()));
  input.end(stdin);
  const io: Io = { stdin: input, stdout, stderr };
  const code = await main(argv, io);
  return { code, stdout: out, stderr: errText };
}
