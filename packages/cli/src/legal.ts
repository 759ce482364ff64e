import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { boardKey, legalTurns, makeTurnNotation, parsePlainBoard, type RuleOptions } from '@nardy/engine';

/** One answer line of `nardy legal`. */
export type LegalAnswer =
  | {
      readonly count: number;
      readonly results: readonly string[];
      readonly plays: readonly { readonly steps: string; readonly result: string }[];
    }
  | { readonly error: { readonly code: string; readonly message: string } };

const fail = (code: string, message: string): LegalAnswer => ({ error: { code, message } });

/**
 * The answer for one input line: a plain board (`packages/engine/test/fixtures/legal/README.md`) with dice. `count` and
 * `results` are the fixtures' `expected` (distinct resulting positions, canonical keys, sorted by plain
 * string order); `plays` lists each legal turn in the engine's order with its notation and result key.
 * An empty (or blank) line is an error line, so that output line n always answers input line n.
 */
export function legalAnswer(line: string, options: RuleOptions): LegalAnswer {
  if (line.trim() === '') return fail('BAD_INPUT', 'empty line');
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (e) {
    return fail('BAD_JSON', e instanceof Error ? e.message : 'not JSON');
  }
  const parsed = parsePlainBoard(json);
  if (!parsed.ok) return { error: { code: parsed.error.code, message: parsed.error.message } };
  const { position, dice } = parsed.value;
  if (!dice) return fail('BAD_DICE', 'the line has no "dice"');
  const turns = legalTurns(position, dice, options);
  const plays = turns.map((t) => ({ steps: makeTurnNotation(position, t), result: boardKey(t.after) }));
  const results = [...new Set(plays.map((p) => p.result))].sort();
  return { count: results.length, results, plays };
}

/** `legalAnswer` as the JSON text of one output line (no newline). */
export const legalLine = (line: string, options: RuleOptions): string => JSON.stringify(legalAnswer(line, options));

const FLUSH_BYTES = 1 << 16;

/**
 * Streams `legal` over `input`: reads lines as they come and writes one answer line per input line, in
 * order. Output is buffered and written when 64 KiB have gathered or when the lines read so far are all
 * answered (so a program that waits for each answer is not kept waiting); it pauses on back-pressure.
 */
export function runLegal(input: Readable, output: Writable, options: RuleOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input, crlfDelay: Infinity, terminal: false });
    let buffer: string[] = [];
    let bytes = 0;
    let scheduled = false;
    let closed = false;
    let failed = false;
    const onError = (e: Error): void => {
      if (failed) return;
      failed = true;
      rl.close();
      reject(e);
    };
    output.on('error', onError);
    input.on('error', onError);
    const flush = (): void => {
      scheduled = false;
      if (failed) return;
      const text = buffer.join('');
      buffer = [];
      bytes = 0;
      if (closed) {
        output.off('error', onError);
        if (text === '') resolve();
        else output.write(text, (e) => (e ? onError(e) : resolve()));
        return;
      }
      if (text !== '' && !output.write(text)) {
        rl.pause();
        output.once('drain', () => rl.resume());
      }
    };
    rl.on('line', (line) => {
      const answer = `${legalLine(line, options)}\n`;
      buffer.push(answer);
      bytes += answer.length;
      if (bytes >= FLUSH_BYTES) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
    rl.on('close', () => {
      closed = true;
      if (!scheduled) flush();
    });
  });
}
