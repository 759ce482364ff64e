import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from './phrase';

/** A namespace's `t` as the plain function the board and the phrases take (stable while the language stays). */
export function useTranslate(ns: 'game' | 'board' | 'errors' | 'profile'): Translate {
  const { t } = useTranslation(ns);
  return useCallback((key: string, options?: Record<string, unknown>) => t(key, options ?? {}), [t]);
}
