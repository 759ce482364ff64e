import type { Language } from './common.js';
import type { TableSettingsInput } from './settings.js';

/**
 * The accounts endpoints' bodies (docs/protocol.md §11). Types only: the server builds them, the web app reads them.
 */

/**
 * Your own account as `GET /api/me` shows it; register, log in, guest and `PATCH /api/me` answer `{user: Profile}`
 * too.
 */
export interface Profile {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly guest: boolean;
  readonly lang: Language;
  /** Table settings last saved on the settings page (null when none). */
  readonly preferredSettings: TableSettingsInput | null;
  readonly createdAt: number;
}

/** What `PATCH /api/me` may change. */
export interface ProfilePatch {
  readonly displayName?: string;
  readonly lang?: Language;
  readonly preferredSettings?: TableSettingsInput | null;
}
