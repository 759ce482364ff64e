import { DisplayNameSchema, LIMITS, LanguageSchema, TableSettingsInputSchema, type Language } from '@nardy/protocol';
import { nameKey } from '../store/common.js';
import type { Json, Store } from '../store/index.js';
import { badRequest, checked, fromStoreError, httpError, refused, type Checked, type HttpError } from './http.js';

/** Input rules of the accounts routes. */

const USERNAME_MIN = 3;
const USERNAME_MAX = 24;
const PASSWORD_MIN = 8;
/** In UTF-8 bytes: long enough for any passphrase, short enough that hashing it is cheap. */
const PASSWORD_MAX_BYTES = 1024;

/** Letters (any script), digits, `_`, `-`, `.`; starting with a letter or digit. */
const USERNAME = /^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u;

/** Bidi controls and zero-width characters, kept out of display names: they reorder or hide the text around them. */
const HIDDEN = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/gu;
/**
 * Names the server gives its bots ("Bot 3", "Бот, уровень 3") and guests, as look-alike keys (so "Bоt" with a
 * Cyrillic 'о' is one too): a word, so "Botvinnik" stays free.
 */
const RESERVED = ['bot', 'бот', 'guest', 'гость'].map(nameKey);
const reserved = (name: string): boolean => {
  const key = nameKey(name);
  return RESERVED.some((w) => key.startsWith(w) && !/^\p{L}/u.test(key.slice(w.length)));
};

const nameUnavailable = (message: string): HttpError => httpError(409, 'NAME_UNAVAILABLE', message);

/** A username as typed (NFKC-normalised): 3–24 letters, digits, `_ - .`; names starting `guest` are the guests'. */
export function checkUsername(raw: unknown): Checked<string> {
  if (typeof raw !== 'string') return refused(badRequest('name must be a string'));
  const name = raw.normalize('NFKC');
  const len = [...name].length;
  if (len < USERNAME_MIN || len > USERNAME_MAX) {
    return refused(badRequest(`name must be ${USERNAME_MIN}–${USERNAME_MAX} characters`));
  }
  if (!USERNAME.test(name)) {
    return refused(badRequest('name may hold letters, digits, "_", "-" and "." and must start with a letter or digit'));
  }
  if (/^guest/i.test(name)) return refused(badRequest('names starting with "guest" are reserved for guests'));
  if (reserved(name)) return refused(nameUnavailable('names of bots and guests are reserved'));
  return checked(name);
}

export function checkPassword(raw: unknown): Checked<string> {
  if (typeof raw !== 'string') return refused(badRequest('password must be a string'));
  if ([...raw].length < PASSWORD_MIN) return refused(badRequest(`password must be at least ${PASSWORD_MIN} characters`));
  if (Buffer.byteLength(raw, 'utf8') > PASSWORD_MAX_BYTES) return refused(badRequest(`password must be at most ${PASSWORD_MAX_BYTES} bytes`));
  return checked(raw);
}

/** A password given at log-in: any non-empty string within the byte limit (the length rule is for new ones). */
export function checkLoginPassword(raw: unknown): Checked<string> {
  if (typeof raw !== 'string' || raw.length === 0) return refused(badRequest('password must be a non-empty string'));
  if (Buffer.byteLength(raw, 'utf8') > PASSWORD_MAX_BYTES) return refused(badRequest(`password must be at most ${PASSWORD_MAX_BYTES} bytes`));
  return checked(raw);
}

export function checkLanguage(raw: unknown): Checked<Language> {
  const r = LanguageSchema.safeParse(raw);
  return r.success ? checked(r.data) : refused(badRequest('lang must be "ru" or "en"'));
}

/** A display name (NFKC, bidi controls and zero-width spaces dropped): something visible, not a bot's or a guest's. */
export function checkDisplayName(raw: unknown): Checked<string> {
  const r = DisplayNameSchema.safeParse(typeof raw === 'string' ? raw.normalize('NFKC').replace(HIDDEN, '') : raw);
  if (!r.success || nameKey(r.data) === '') {
    return refused(badRequest(`displayName must be 1–${LIMITS.nameLength} characters, not blank, without control characters`));
  }
  if (reserved(r.data)) return refused(nameUnavailable('names of bots and guests are reserved'));
  return checked(r.data);
}

/**
 * Free unless another user (not `self`) has a username or display name that looks the same (`nameKey`). For a new
 * account (`self` null) such a name is taken, as a duplicate username is (CONFLICT); a new display name is refused
 * with NAME_UNAVAILABLE.
 */
export async function checkNameFree(store: Store, name: string, self: string | null): Promise<Checked<void>> {
  const r = await store.findUsersNamedLike(name);
  if (!r.ok) return refused(fromStoreError(r.error));
  if (!r.value.some((id) => id !== self)) return checked(undefined);
  return refused(self === null ? httpError(409, 'CONFLICT', `the name '${name}' is taken`) : nameUnavailable(`'${name}' looks like another player's name`));
}

/** Preferred table settings: a `TableSettingsInput` of @nardy/protocol (the engine checks the combination), or null. */
export function checkPreferredSettings(raw: unknown): Checked<Json> {
  if (raw === null) return checked(null);
  const r = TableSettingsInputSchema.safeParse(raw);
  if (r.success) return checked(r.data as Json);
  const issue = r.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return refused(badRequest(`preferredSettings is not valid table settings${where}: ${issue?.message ?? 'invalid'}`));
}

export const toLanguage = (s: string): Language => (s === 'ru' ? 'ru' : 'en');
