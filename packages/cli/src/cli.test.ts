import { describe, expect, test } from 'vitest';
import { runCli } from './test-io.js';

describe('nardy: help and errors', () => {
  test('--help lists the commands', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    for (const cmd of ['legal', 'show', 'play', 'verify-dice']) expect(r.stdout).toContain(cmd);
  });

  test.each(['legal', 'show', 'play', 'verify-dice'])('nardy %s --help', async (cmd) => {
    const r = await runCli([cmd, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: nardy ${cmd}`));
    const viaHelp = await runCli(['help', cmd]);
    expect(viaHelp.stdout).toBe(r.stdout);
  });

  test('no command: usage on stderr, exit 2', async () => {
    const r = await runCli([]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Usage: nardy');
  });

  test.each([
    [['frobnicate'], /^nardy: unknown command 'frobnicate'/],
    [['legal', '--head-exception', 'never'], /^nardy: --head-exception must be one of federation, blockedDouble, anyDouble/],
    [['legal', '--block-borne-off', 'maybe'], /^nardy: --block-borne-off must be one of true, false/],
    [['legal', '--bogus'], /^nardy: Unknown option '--bogus'/],
    [['legal', 'extra'], /^nardy: unexpected argument 'extra'/],
    [['show'], /^nardy: show needs a position/],
    [['play', '--variant', 'chess'], /^nardy: --variant must be one of long, short, caucasian/],
    [['play', '--match', '99'], /^nardy: --match must be an integer from 0 to 25/],
    [['play', '--seed', '-1'], /^nardy: /],
    [['play', '--beaver'], /^nardy: cube\.beaver needs the cube/],
    [['play', '--cube', '--beaver', '--variant', 'short'], /^nardy: cube\.beaver is a money-play option/],
  ])('%j → one-line error, exit 2', async (argv, message) => {
    const r = await runCli(argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr.split('\n')).toHaveLength(2); // one line and its newline
    expect(r.stderr).not.toMatch(/\bat .*\.(js|ts):\d+/); // no stack trace
  });
});
