import { describe, expect, it } from 'vitest';
import { ServerError } from '../net/types';
import { createNoticeBoard, describeError } from './notices';

function board() {
  const timers: { fn: () => void; ms: number }[] = [];
  const b = createNoticeBoard({ set: (fn, ms) => timers.push({ fn, ms }) });
  return { b, timers };
}

describe('notices', () => {
  it('show a refused command by its code only: the server’s English words never reach a page in another language', () => {
    expect(describeError(new ServerError('BAD_OPTIONS', 'cube.beaver is a money-play option (G3)'))).toEqual({ key: 'errors:BAD_OPTIONS' });
    expect(describeError(new ServerError('DISCONNECTED', ''))).toEqual({ key: 'errors:DISCONNECTED' });
    expect(describeError(new Error('boom'))).toEqual({ key: 'errors:INTERNAL' });
    expect(describeError('?')).toEqual({ key: 'errors:INTERNAL' });
    const { b } = board();
    b.showError(new ServerError('BAD_OPTIONS', 'cube.beaver is a money-play option (G3)'));
    expect(JSON.stringify(b.list())).not.toContain('money-play');
  });

  it('fade by themselves, errors later than info', () => {
    const { b, timers } = board();
    b.showError(new ServerError('CONFLICT', 'gone'));
    b.showInfo('lobby:table.copied');
    expect(b.list().map((n) => n.kind)).toEqual(['error', 'info']);
    expect(timers.map((t) => t.ms)).toEqual([10_000, 4_000]);
    timers[1]!.fn();
    expect(b.list().map((n) => n.kind)).toEqual(['error']);
  });

  it('keep at most four, drop repeats in a row, and can be dismissed', () => {
    const { b } = board();
    let told = 0;
    b.subscribe(() => told++);
    b.showError(new ServerError('CONFLICT', 'x'));
    b.showError(new ServerError('CONFLICT', 'x'));
    expect(b.list()).toHaveLength(1);
    for (const code of ['NOT_FOUND', 'BLOCKED', 'FORBIDDEN', 'RATE_LIMITED'] as const) b.showError(new ServerError(code, ''));
    expect(b.list().map((n) => n.key)).toEqual(['errors:NOT_FOUND', 'errors:BLOCKED', 'errors:FORBIDDEN', 'errors:RATE_LIMITED']);
    b.dismiss(b.list()[0]!.id);
    expect(b.list()).toHaveLength(3);
    expect(told).toBe(6);
  });
});
