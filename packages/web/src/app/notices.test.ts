import { describe, expect, it } from 'vitest';
import { ServerError } from '../net/types';
import { createNoticeBoard, describeError } from './notices';

function board() {
  const timers: { fn: () => void; ms: number }[] = [];
  const b = createNoticeBoard({ set: (fn, ms) => timers.push({ fn, ms }) });
  return { b, timers };
}

describe('notices', () => {
  it('show a refused command by its code, with the server message as detail', () => {
    expect(describeError(new ServerError('BAD_OPTIONS', 'cube.beaver is a money-play option (G3)'))).toEqual({
      key: 'errors:BAD_OPTIONS',
      detail: 'cube.beaver is a money-play option (G3)',
    });
    expect(describeError(new ServerError('DISCONNECTED', ''))).toEqual({ key: 'errors:DISCONNECTED', detail: null });
    expect(describeError(new Error('boom'))).toEqual({ key: 'errors:INTERNAL', detail: 'boom' });
    expect(describeError('?')).toEqual({ key: 'errors:INTERNAL', detail: null });
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
