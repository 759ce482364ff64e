/**
 * The game room's signals, wired to the browser: sounds and notifications for each change of the view
 * (signals.ts decides which), a sound when the player's own clock runs low, and the tab's title while a decision
 * waits for him.
 */
import { otherSeat } from '@nardy/engine';
import type { GameView } from '@nardy/protocol';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerSettings } from '../app/settings';
import { seatNames } from './results';
import { awaitsMe, deliver, lowTimeIn, viewSignals, type Signal } from './signals';
import { notificationsAllowed, notify, playSound, unlockAudioOnGesture } from './signalsPlayer';
import { useTranslate } from './useTranslate';

export function useSignals(view: GameView | null, settings: PlayerSettings, serverNow: () => number): void {
  const t = useTranslate('game');
  const { t: tCommon } = useTranslation();
  const latest = useRef(settings);
  const prev = useRef<GameView | null>(null);

  useEffect(() => {
    latest.current = settings;
  }, [settings]);
  useEffect(unlockAudioOnGesture, []);

  const emit = useCallback(
    (signals: readonly Signal[], at: GameView) => {
      const { sounds, notify: shown } = deliver(signals, {
        sounds: latest.current.sounds,
        notifications: latest.current.notifications && notificationsAllowed(),
        hidden: document.visibilityState === 'hidden',
      });
      for (const s of sounds) playSound(s);
      const name = at.you === null ? '' : seatNames(at)[otherSeat(at.you)];
      for (const s of shown) notify(t('signals.notifyTitle'), t(`signals.${s}`, { name, value: at.cubeOffer?.value ?? 2 }), at.gameId);
    },
    [t],
  );

  useEffect(() => {
    if (view === null) return;
    emit(viewSignals(prev.current, view), view);
    prev.current = view;
  }, [view, emit]);

  useEffect(() => {
    if (view === null) return undefined;
    const due = lowTimeIn(view, serverNow());
    if (due === null) return undefined;
    const id = setTimeout(() => emit(['lowTime'], view), due);
    return () => clearTimeout(id);
  }, [view, serverNow, emit]);

  const mine = view !== null && awaitsMe(view);
  useEffect(() => {
    if (!mine) return undefined;
    let live = true;
    // After the shell's own title (App sets it in an effect too, and a parent's effects run after its children's).
    queueMicrotask(() => {
      if (live) document.title = t('signals.title');
    });
    return () => {
      live = false;
      document.title = tCommon('documentTitle', { page: tCommon('pageTitle.game') });
    };
  }, [mine, t, tCommon]);
}
