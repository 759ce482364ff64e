/**
 * What the room signals to its player, without React or the browser: which signals a change of the view makes
 * (a move, a throw, his turn, a cube offered to him, the end of a game), when his clock runs low, and which of
 * them are heard (sound) or shown outside the page (a notification, only while the tab is hidden).
 */
import type { GameView } from '@nardy/protocol';
import { clockFace } from './clock';

export type Signal = 'move' | 'dice' | 'yourTurn' | 'doubled' | 'lowTime' | 'gameEnd';

/** The decision waiting for the viewer himself (his roll, move or answer), not a spectator's. */
export const awaitsMe = (view: GameView): boolean => view.you !== null && view.end === null && view.toAct === view.you;

const offeredToMe = (view: GameView): boolean =>
  view.you !== null && view.end === null && view.phase === 'cubeOffered' && view.cubeOffer !== null && view.cubeOffer.by !== view.you;

/**
 * The signals of one change of the view (`prev` → `next`). The first view of a room signals nothing: opening a
 * game is not news. A view that changes nothing the player hears (presence, a rematch offer) signals nothing.
 * Views may come several actions apart (React draws quick updates together): more than one action between them
 * means the opponent acted in between, so a throw and a new decision are signalled even when the phase and the
 * seat to act look the same as before.
 */
export function viewSignals(prev: GameView | null, next: GameView): Signal[] {
  if (prev === null) return [];
  const out: Signal[] = [];
  const newGame = next.gameNumber !== prev.gameNumber;
  const acted = next.version !== prev.version || newGame;
  const between = newGame || next.version - prev.version > 1;
  if (acted && prev.phase === 'moving') out.push('move');
  const thrown = next.openingThrows.length > prev.openingThrows.length || (next.phase === 'moving' && (prev.phase !== 'moving' || between));
  if (acted && thrown) out.push('dice');
  if (next.games.length > prev.games.length || (prev.end === null && next.end !== null)) out.push('gameEnd');
  if (offeredToMe(next) && (!offeredToMe(prev) || between)) out.push('doubled');
  else if (awaitsMe(next) && !offeredToMe(next) && (!awaitsMe(prev) || between)) out.push('yourTurn');
  return out;
}

/** The whole time of a control (a match reserve: its points' worth; 0 without a clock). */
function controlMs(control: GameView['clock']['control'], matchLength: number): number {
  switch (control.kind) {
    case 'none':
      return 0;
    case 'matchReserve':
      return control.perPointMs * Math.max(1, matchLength);
    case 'fischer':
    case 'bronstein':
      return control.initialMs;
    case 'perMove':
      return control.limitMs;
  }
}

/** Time is low under 10 s, or under a tenth of the control where that is less (a short clock would be always low). */
export const lowTimeMs = (view: GameView): number => Math.min(10_000, controlMs(view.clock.control, view.settings.match.matchLength) / 10);

/**
 * How long (ms from `serverNow`) until the viewer's own running clock goes under the low-time mark, its free
 * delay first; null when it is not running for him or is already under (the signal is for the crossing only).
 */
export function lowTimeIn(view: GameView, serverNow: number): number | null {
  const you = view.you;
  if (you === null || view.end !== null || view.clock.running !== you) return null;
  const face = clockFace(view, you, serverNow);
  if (face.ms === null || !face.running) return null;
  const mark = lowTimeMs(view);
  if (face.ms <= mark) return null;
  return (face.delayMs ?? 0) + face.ms - mark;
}

/** The signals only a notification carries to a player who is looking elsewhere. */
const NOTIFIED: ReadonlySet<Signal> = new Set(['yourTurn', 'doubled']);

export interface SignalPrefs {
  /** Sounds on (the player's setting). */
  readonly sounds: boolean;
  /** The player asked for notifications and the browser allows them. */
  readonly notifications: boolean;
  /** The page is not in view (another tab, a minimised window). */
  readonly hidden: boolean;
}

export interface Delivery {
  readonly sounds: readonly Signal[];
  readonly notify: readonly Signal[];
}

/** How the signals reach the player under his settings. */
export function deliver(signals: readonly Signal[], prefs: SignalPrefs): Delivery {
  return {
    sounds: prefs.sounds ? signals : [],
    notify: prefs.notifications && prefs.hidden ? signals.filter((s) => NOTIFIED.has(s)) : [],
  };
}
