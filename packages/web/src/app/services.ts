/**
 * What the pages of the shell share: the link, the REST API, the session, the player's settings and navigation.
 * One object made in main.tsx and handed down by context, so pages take no props for it and tests can fake it.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { UserRef } from '@nardy/protocol';
import type { Api } from '../net/api';
import type { AppLink } from '../net/connection';
import type { LinkStatus } from '../net/types';
import type { ChallengeStore } from './challenges';
import type { ChipsStore } from './chips';
import type { Session } from './session';
import type { SettingsStore } from './settings';

export interface Services {
  readonly link: AppLink;
  readonly api: Api;
  readonly session: Session;
  readonly settings: SettingsStore;
  readonly challenges: ChallengeStore;
  /** The account's chips balance, for the header. */
  readonly chips: ChipsStore;
  readonly navigate: (path: string, options?: { readonly replace?: boolean }) => void;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('useServices outside the app');
  return s;
}

/** The link's status, re-rendering on each change. */
export function useLinkStatus(link: AppLink): LinkStatus {
  return useSyncExternalStore(
    link.onStatus,
    () => link.status,
    () => link.status,
  );
}

/** Who the socket is (re-read whenever the link comes online: a reconnect may change it). */
export function useMe(link: AppLink): UserRef | null {
  useLinkStatus(link);
  return link.me;
}
