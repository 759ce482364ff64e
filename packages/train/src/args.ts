import { LONG_FAMILY, type NetFamily, SHORT_FAMILY } from '@nardy/ai/lab';
import { backGameStart } from './back-game-starts.js';
import type { StartDraw } from './start-setup.js';

/** The training scripts' command line: `--name value` pairs and bare `--flag`s. */
const args = process.argv.slice(2);

export const flagArg = (name: string): boolean => args.includes(`--${name}`);

export function stringArg(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
}

export function numberArg(name: string, fallback: number): number {
  const value = Number(stringArg(name, String(fallback)));
  if (!Number.isFinite(value)) throw new Error(`--${name} must be a number`);
  return value;
}

/** `--variant short|long` → the nets' family (default short). */
export const familyArg = (): NetFamily => (stringArg('variant', 'short') === 'long' ? LONG_FAMILY : SHORT_FAMILY);

/** `--widen class=hidden,…`: nets to grow before training goes on (`Mlp.widen`), checked against the family's classes. */
export const widenArg = (family: NetFamily): { cls: string; hidden: number }[] =>
  stringArg('widen', '')
    .split(',')
    .filter(Boolean)
    .map((w) => {
      const [cls, n] = w.split('=');
      if (!cls || !family.classes.includes(cls) || !Number.isInteger(Number(n)))
        throw new Error(`--widen: '${w}' is not class=hidden (classes: ${family.classes.join(', ')})`);
      return { cls, hidden: Number(n) };
    });

/**
 * `--starts opening|back-game`: where games begin — the opening (`draw` undefined), or generated short-nardy back
 * games (`backGameStart`), the positions that play from the opening seldom reaches.
 */
export function startsArg(family: NetFamily): { name: string; draw?: StartDraw } {
  const name = stringArg('starts', 'opening');
  if (name === 'opening') return { name };
  if (name === 'back-game' && family.variant === 'short') return { name, draw: backGameStart };
  throw new Error(`--starts: opening, or back-game for short nardy; not ${name}`);
}
