import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { DEFAULT_RULE_OPTIONS, ruleOptions } from '@nardy/engine';
import { legalAnswer, legalLine, runLegal } from './legal.js';
import { legalFixtureLines as fixtureLines } from '../../engine/test/files.js';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));
const BIN = here('../dist/main.js');

describe("legal over the engine's legal-move fixtures", () => {
  for (const variant of ['long', 'short', 'caucasian'] as const) {
    test(`${variant}.jsonl: count and results equal "expected" on every line`, () => {
      const lines = fixtureLines(variant);
      expect(lines.length).toBeGreaterThan(500);
      const bad: string[] = [];
      lines.forEach((line, i) => {
        const expected = (JSON.parse(line) as { expected: { count: number; results: string[] } }).expected;
        const answer = legalAnswer(line, DEFAULT_RULE_OPTIONS);
        if (!('count' in answer)) {
          bad.push(`line ${i + 1}: error ${answer.error.code}: ${answer.error.message}`);
          return;
        }
        if (answer.count !== expected.count || JSON.stringify(answer.results) !== JSON.stringify(expected.results)) {
          bad.push(`line ${i + 1}: got ${answer.count}, expected ${expected.count}`);
        }
        // One play per distinct result, each with notation.
        if (answer.plays.length !== answer.count || answer.plays.some((p) => p.steps === '')) {
          bad.push(`line ${i + 1}: plays do not match results`);
        }
      });
      expect(bad.slice(0, 10)).toEqual([]);
    });
  }
});

describe('legal answers', () => {
  const start = '{"variant":"long","onRoll":"white","white":{"24":15,"off":0},"black":{"12":15,"off":0},"dice":[3,3],"firstTurn":true}';

  test('a whole answer line: count, sorted results, plays in notation', () => {
    expect(JSON.parse(legalLine(start, DEFAULT_RULE_OPTIONS))).toEqual({
      count: 2,
      results: ['W:24x13,18x2|B:12x15|Woff:0|Boff:0|Wbar:0|Bbar:0', 'W:24x13,21x1,15x1|B:12x15|Woff:0|Boff:0|Wbar:0|Bbar:0'],
      plays: [
        { steps: '24/18(2)', result: 'W:24x13,18x2|B:12x15|Woff:0|Boff:0|Wbar:0|Bbar:0' },
        { steps: '24/15 24/21', result: 'W:24x13,21x1,15x1|B:12x15|Woff:0|Boff:0|Wbar:0|Bbar:0' },
      ],
    });
  });

  test('no legal play: count 0, empty results and plays (L14, LN-21)', () => {
    const line = '{"variant":"long","onRoll":"white","white":{"13":1,"1":14},"black":{"7":1,"10":1,"12":13},"dice":[6,3]}';
    expect(legalAnswer(line, DEFAULT_RULE_OPTIONS)).toEqual({ count: 0, results: [], plays: [] });
  });

  test('rule options change the answer (LN-26: perStep 23, endOfTurn 24)', () => {
    const line = '{"variant":"long","onRoll":"white","white":{"24":10,"21":1,"20":1,"19":1,"18":1,"17":1},"black":{"23":1,"12":14},"dice":[2,1]}';
    const endOfTurn = ruleOptions({ blockCheck: 'endOfTurn' });
    if (!endOfTurn.ok) throw new Error(endOfTurn.error.message);
    expect(legalAnswer(line, DEFAULT_RULE_OPTIONS)).toMatchObject({ count: 23 });
    expect(legalAnswer(line, endOfTurn.value)).toMatchObject({ count: 24 });
  });

  test.each([
    ['', 'BAD_INPUT'],
    ['   ', 'BAD_INPUT'],
    ['{"variant":', 'BAD_JSON'],
    ['[1,2]', 'BAD_SETUP'],
    ['{"variant":"plakoto","onRoll":"white","white":{},"black":{},"dice":[1,2]}', 'BAD_VARIANT'],
    ['{"variant":"long","onRoll":"white","white":{"24":14},"black":{"12":15},"dice":[1,2]}', 'BAD_CHECKER_COUNT'],
    ['{"variant":"long","onRoll":"white","white":{"24":15},"black":{"24":15},"dice":[1,2]}', 'BAD_SETUP'],
    ['{"variant":"long","onRoll":"white","white":{"24":15},"black":{"12":15},"dice":[0,7]}', 'BAD_DICE'],
    ['{"variant":"long","onRoll":"white","white":{"24":15},"black":{"12":15}}', 'BAD_DICE'],
    ['{"variant":"short","onRoll":"white","white":{"24":15},"black":{"1":15},"dice":[1]}', 'BAD_DICE'],
  ])('bad line %j → error %s', (line, code) => {
    const answer = legalAnswer(line, DEFAULT_RULE_OPTIONS);
    expect(answer).toEqual({ error: { code, message: expect.any(String) } });
  });
});

describe('runLegal streams', () => {
  test('one answer per line, in order, bad lines in place', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (c: Buffer) => (text += c.toString()));
    const lines = fixtureLines('short').slice(0, 300);
    const withBad = [...lines.slice(0, 100), 'not json', '', ...lines.slice(100)];
    const done = runLegal(input, output, DEFAULT_RULE_OPTIONS);
    for (const l of withBad) input.write(`${l}\r\n`);
    input.end();
    await done;
    const out = text.split('\n');
    expect(out.pop()).toBe('');
    expect(out.length).toBe(withBad.length);
    expect(JSON.parse(out[100]!)).toMatchObject({ error: { code: 'BAD_JSON' } });
    expect(JSON.parse(out[101]!)).toMatchObject({ error: { code: 'BAD_INPUT' } });
    const expected = (l: string) => (JSON.parse(l) as { expected: unknown }).expected;
    expect(JSON.parse(out[0]!)).toMatchObject(expected(lines[0]!) as object);
    expect(JSON.parse(out[102]!)).toMatchObject(expected(lines[100]!) as object);
  });

  test('answers a line before the input ends', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const done = runLegal(input, output, DEFAULT_RULE_OPTIONS);
    const first = new Promise<string>((resolve) => output.once('data', (c: Buffer) => resolve(c.toString())));
    input.write(`${fixtureLines('long')[0]}\n`);
    expect(JSON.parse(await first)).toHaveProperty('count');
    input.end();
    await done;
  });
});

describe('the built bin', () => {
  test.skipIf(!existsSync(BIN))('nardy legal over a few fixture lines, and a bad option', () => {
    const lines = [...fixtureLines('long').slice(0, 5), '{oops', ...fixtureLines('caucasian').slice(0, 5)];
    const r = spawnSync(process.execPath, [BIN, 'legal'], { input: `${lines.join('\n')}\n`, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const out = r.stdout.trimEnd().split('\n');
    expect(out.length).toBe(lines.length);
    lines.forEach((l, i) => {
      const answer = JSON.parse(out[i]!) as Record<string, unknown>;
      if (l === '{oops') expect(answer).toMatchObject({ error: { code: 'BAD_JSON' } });
      else expect({ count: answer['count'], results: answer['results'] }).toEqual((JSON.parse(l) as { expected: unknown }).expected);
    });
    const bad = spawnSync(process.execPath, [BIN, 'legal', '--block-check', 'sometimes'], { input: '', encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^nardy: --block-check must be one of perStep, endOfTurn/);
    expect(bad.stderr.trim().split('\n').length).toBe(1);
  });
});
