import type { ServerToClient } from '@nardy/protocol';
import type { ClientLink } from '../contracts.js';
import type { UserPush } from './types.js';

/** One instance: a user's connections are this instance's links of the user. */
export function localUserPush(linksOf: (userId: string) => readonly ClientLink[]): UserPush {
  return {
    toUser(userId, msg) {
      for (const link of linksOf(userId)) link.send(msg);
    },
  };
}

/** The topic of a user's message cast to the other instances. */
export const USER_PUSH = 'user.push';

/** Several instances: this instance's links of the user, and a cast so that every other instance reaches its own. */
export function clusterUserPush(local: UserPush, cast: (topic: string, data: unknown) => boolean): UserPush & { received(data: unknown): void } {
  return {
    toUser(userId, msg) {
      local.toUser(userId, msg);
      cast(USER_PUSH, { userId, msg });
    },
    received(data) {
      const { userId, msg } = data as { userId: string; msg: ServerToClient };
      local.toUser(userId, msg);
    },
  };
}
