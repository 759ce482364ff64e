/**
 * Plays the room's signals in the browser: each sound a few short tones made with the Web Audio API at run time
 * (no sound files to fetch or ship), and notifications through the Notifications API.
 *
 * Browsers start an AudioContext suspended until the page gets a user gesture (their autoplay rule), so the
 * context is made and resumed on the first pointer or key press; a sound due before that is dropped rather than
 * queued (a burst of stale sounds on the first click would say nothing).
 */
import type { Signal } from './signals';

interface Tone {
  /** Start, in seconds after the sound begins. */
  readonly at: number;
  readonly hz: number;
  readonly seconds: number;
  readonly wave: OscillatorType;
}

const tone = (at: number, hz: number, seconds: number, wave: OscillatorType = 'sine'): Tone => ({ at, hz, seconds, wave });

const SOUNDS: Readonly<Record<Signal, readonly Tone[]>> = {
  move: [tone(0, 520, 0.05, 'triangle')],
  dice: [tone(0, 900, 0.03, 'square'), tone(0.07, 760, 0.03, 'square')],
  yourTurn: [tone(0, 660, 0.12), tone(0.13, 880, 0.16)],
  doubled: [tone(0, 440, 0.14), tone(0.16, 660, 0.14), tone(0.32, 440, 0.2)],
  lowTime: [tone(0, 1000, 0.07, 'square'), tone(0.15, 1000, 0.07, 'square'), tone(0.3, 1000, 0.07, 'square')],
  gameEnd: [tone(0, 523, 0.15), tone(0.15, 659, 0.15), tone(0.3, 784, 0.3)],
};

/** Quiet: a signal, not an alarm. */
const VOLUME = 0.15;

let context: AudioContext | null = null;

function wake(): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
}

/** Listens for the page's first gestures (once per page; a later call does nothing). */
let listening = false;
export function unlockAudioOnGesture(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  for (const type of ['pointerdown', 'keydown'] as const) document.addEventListener(type, wake, { capture: true, passive: true });
}

export function playSound(signal: Signal): void {
  if (context?.state !== 'running') return;
  const start = context.currentTime;
  for (const t of SOUNDS[signal]) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = t.wave;
    osc.frequency.value = t.hz;
    // A short attack and an exponential fade: no click at either end.
    const from = start + t.at;
    gain.gain.setValueAtTime(0.0001, from);
    gain.gain.exponentialRampToValueAtTime(VOLUME, from + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, from + t.seconds);
    osc.connect(gain).connect(context.destination);
    osc.start(from);
    osc.stop(from + t.seconds + 0.02);
  }
}

/** Whether the browser lets this site show notifications now. */
export const notificationsAllowed = (): boolean => typeof Notification !== 'undefined' && Notification.permission === 'granted';

/** Shows a notification; a click brings the game's tab to the front. One per game: a newer one replaces it. */
export function notify(title: string, body: string, tag: string): void {
  if (!notificationsAllowed()) return;
  const n = new Notification(title, { body, tag });
  n.onclick = () => {
    globalThis.focus();
    n.close();
  };
}
