import { useEffect, type Dispatch, type SetStateAction } from 'react';

/** Keys that step through a match (the replay, the analysis); typing in a field or a key with a modifier is left alone. */
const STEP_KEYS: Readonly<Record<string, (step: number, last: number) => number>> = {
  ArrowLeft: (s) => s - 1,
  ArrowRight: (s) => s + 1,
  Home: () => 0,
  End: (_, last) => last,
};

/** Steps `setStep` between 0 and `last` by the arrow keys, Home and End. */
export function useStepKeys(last: number, setStep: Dispatch<SetStateAction<number>>): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const move = STEP_KEYS[e.key];
      const target = e.target as HTMLElement | null;
      if (!move || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      e.preventDefault();
      setStep((s) => Math.max(0, Math.min(move(s, last), last)));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [last, setStep]);
}
