import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { DEFAULT_CHIPS_GRANT } from './chips/ledger.js';
import { DEFAULT_LAPSE_MS } from './cluster/owners.js';
import { isServerSeed } from './game/dice.js';
import { DEFAULT_UNLOAD_AFTER_MS } from './games/manager.js';
import { DEFAULT_DATABASE_URL } from './store/database.js';

/**
 * The server's configuration, read from the environment once at start. Every problem is reported together,
 * with the variable's name, so a bad deployment fails fast with a readable message.
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | `PORT` | 3000 | the one port for HTTP and the WebSocket (`/ws`) |
 * | `HOST` | 127.0.0.1 | the interface to listen on (`0.0.0.0` in a container or behind a proxy) |
 * | `DATABASE_URL` | `data/nardy.db` | a `postgres://` URL, or an SQLite file path (`:memory:` for a throwaway one) |
 * | `REDIS_URL` | — | several instances (docs/deploy.md): set, this instance joins a cluster on it and on the PostgreSQL `DATABASE_URL` (required then); unset, it serves alone |
 * | `INSTANCE_ID` | random | this instance's name in the cluster (logs, leases); a fresh random one per start is safest: a restarted instance never mistakes another's leases for its own |
 * | `CLUSTER_LAPSE_MS` | 3000 | how long a silent instance keeps its games and leases before another takes them over (its heartbeat is every third of it) |
 * | `REDIS_PREFIX` | `nardy:` | the prefix of the cluster's Redis channels, keys and queues (several clusters on one Redis) |
 * | `LOG_LEVEL` | info | pino's level: fatal, error, warn, info, debug, trace, silent |
 * | `WEB_DIST` | packages/web/dist | the web app's build folder, served at `/` when present |
 * | `CHIPS_GRANT` | 1000 | chips a registered player's account starts with (G9: stakes are chips per point; 0 = none) |
 * | `SIGNUP_BURST` | 10 | sign-ups and guest sessions one IP address may make at once (then one a minute); browser tests on loopback raise it |
 * | `PUBLIC_ORIGIN` | — | the site's origin as browsers see it (`https://nardy.example`): WebSocket upgrades from pages of any other origin are refused (403); unset, a page must be on the host the request names |
 * | `COOKIE_SECURE` | true when `PUBLIC_ORIGIN` is https, else false | the site is served over HTTPS (directly or behind a TLS proxy): the session cookie is `Secure` and HSTS is sent |
 * | `TRUST_PROXY` | false | behind a reverse proxy: `true` (or `1`: trust the peer that connects, whatever it is) or a comma-separated list of the proxies' addresses/CIDRs (`loopback`, `10.0.0.0/8`); then `X-Forwarded-For` gives the client's address (per-IP limits) and `X-Forwarded-Proto: https` makes the cookie `Secure` and sends HSTS. No hop count: Fastify ignores the headers with one (it cannot check the peer). Never set it without a proxy that overwrites these headers |
 * | `SOCKETS_PER_IP` | 50 | WebSockets one IP address may hold open at once; the next is refused (`LIMIT_REACHED`) |
 * | `SOCKETS_PER_SESSION` | 10 | WebSockets one session (cookie) may hold open at once |
 * | `COMMANDS_PER_SECOND` | 20 | frames a socket may send per second, sustained (malformed and unknown ones count too) |
 * | `COMMAND_BURST` | 60 | frames a socket may send at once; beyond it and the rate each is answered `RATE_LIMITED` |
 * | `FLOOD_CLOSE_AFTER` | 100 | refused frames within a minute after which the socket is closed (1008) |
 * | `SEEKS_PER_USER` | 5 | open seeks one player may have |
 * | `SEEKS_PER_IP` | 10 | open seeks the players of one IP address may have together |
 * | `BOT_GAMES_PER_USER` | 3 | running games against the computer one player may have |
 * | `ANALYSIS_WORKERS` | 1 | worker threads analysing games (issue 41), apart from the bots' pool so live games stay fast; 0 = analysis off (requests refused `UNAVAILABLE`, stored analyses still served) |
 * | `ANALYSIS_AUTO` | rated | `rated`: a rated match is queued for analysis when it ends, if fewer than `ANALYSIS_AUTO_QUEUE` jobs wait; `off`: only on request |
 * | `ANALYSES_PER_USER` | 3 | analyses one player may have waiting or running at once (`LIMIT_REACHED`) |
 * | `ANALYSIS_QUEUE` | 100 | analyses waiting or running in all; a request beyond it is refused (`LIMIT_REACHED`) |
 * | `ANALYSIS_AUTO_QUEUE` | 5 | a finished rated match is queued automatically only while fewer jobs than this wait or run |
 * | `TOURNAMENTS_PER_USER` | 2 | upcoming tournaments one player may have created (`LIMIT_REACHED`; docs/tournaments.md) |
 * | `TOURNAMENT_NO_SHOW_S` | 120 | seconds after a tournament game starts (and again every as many while it runs) when a player away past the game's reconnection grace loses it by forfeit |
 * | `TOURNAMENT_BOT_FILL_S` | 60 | seconds after a casual sit-and-go that allows bots is created when bots take its empty seats and it starts |
 * | `TOURNAMENT_SCHEDULE` | — | the site's recurring tournaments: a JSON file's path, or the JSON itself (docs/tournaments.md, *Running tournaments*) |
 * | `FINISHED_GAME_UNLOAD_S` | 300 | seconds a finished game stays in memory after its last watcher left (then it is served from the database) |
 * | `NARDY_DICE_SEED` | — | **tests only**: a fixed server seed (64 hex) for every table, so throws are reproducible |
 */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string;
  readonly redisUrl: string | null;
  /** Several instances (REDIS_URL set): this one's name, the lease lapse and the Redis prefix. */
  readonly cluster: { readonly instanceId: string | null; readonly lapseMs: number; readonly prefix: string };
  readonly logLevel: LogLevel;
  readonly webDist: string;
  readonly diceSeed: string | null;
  readonly signupBurst: number;
  readonly chipsGrant: number;
  /** `PUBLIC_ORIGIN`, normalised (`https://host[:port]`), or null. */
  readonly publicOrigin: string | null;
  /** `COOKIE_SECURE`: served over HTTPS. */
  readonly cookieSecure: boolean;
  /** `TRUST_PROXY`, as Fastify's `trustProxy` option takes it: false (the default), true, or the proxies' addresses. */
  readonly trustProxy: boolean | readonly string[];
  /** Milliseconds a finished game nobody watches stays in memory (`FINISHED_GAME_UNLOAD_S`). */
  readonly unloadAfterMs: number;
  /** Analysis jobs (analysis/): `ANALYSIS_WORKERS` threads (0 = off) and `ANALYSIS_AUTO`. */
  readonly analysis: { readonly workers: number; readonly auto: 'rated' | 'off' };
  /** Tournaments (issue 42): the creation limit, the no-show and bot-fill waits, the schedule's JSON text (or null). */
  readonly tournaments: { readonly perUser: number; readonly noShowMs: number; readonly botFillMs: number; readonly schedule: string | null };
  readonly limits: Limits;
}

/** The caps on connections and what one visitor may hold open (docs/security.md). */
export interface Limits {
  readonly socketsPerIp: number;
  readonly socketsPerSession: number;
  readonly commandsPerSecond: number;
  readonly commandBurst: number;
  readonly floodCloseAfter: number;
  readonly seeksPerUser: number;
  readonly seeksPerIp: number;
  readonly botGamesPerUser: number;
  readonly analysesPerUser: number;
  readonly analysisQueue: number;
  readonly analysisAutoQueue: number;
}

const DEFAULT_LIMITS: Limits = {
  socketsPerIp: 50,
  socketsPerSession: 10,
  commandsPerSecond: 20,
  commandBurst: 60,
  floodCloseAfter: 100,
  seeksPerUser: 5,
  seeksPerIp: 10,
  botGamesPerUser: 3,
  analysesPerUser: 3,
  analysisQueue: 100,
  analysisAutoQueue: 5,
};

/** Each limit's environment variable. */
const LIMIT_VARS: Readonly<Record<keyof Limits, string>> = {
  socketsPerIp: 'SOCKETS_PER_IP',
  socketsPerSession: 'SOCKETS_PER_SESSION',
  commandsPerSecond: 'COMMANDS_PER_SECOND',
  commandBurst: 'COMMAND_BURST',
  floodCloseAfter: 'FLOOD_CLOSE_AFTER',
  seeksPerUser: 'SEEKS_PER_USER',
  seeksPerIp: 'SEEKS_PER_IP',
  botGamesPerUser: 'BOT_GAMES_PER_USER',
  analysesPerUser: 'ANALYSES_PER_USER',
  analysisQueue: 'ANALYSIS_QUEUE',
  analysisAutoQueue: 'ANALYSIS_AUTO_QUEUE',
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

const DEFAULT_PORT = 3000;
const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_WEB_DIST = 'packages/web/dist';
const DEFAULT_SIGNUP_BURST = 10;

/** The names proxy-addr (Fastify's `trustProxy`) knows for address ranges. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * `TRUST_PROXY`: true/false or the proxies' addresses (checked here: Fastify would only fail at start). A hop count is
 * refused: Fastify 5 trusts no forwarded header with one, so it would look set and do nothing.
 */
function parseTrustProxy(raw: string | undefined, problems: string[]): boolean | readonly string[] {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  const addresses = value.split(',').map((a) => a.trim());
  const valid = (a: string): boolean => {
    if (PROXY_RANGES.includes(a)) return true;
    const [ip, bits, extra] = a.split('/');
    const family = isIP(ip ?? '');
    return family !== 0 && extra === undefined && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)));
  };
  const bad = addresses.filter((a) => !valid(a));
  if (bad.length === 0) return addresses;
  problems.push(`TRUST_PROXY must be true, false or the proxies' addresses (10.0.0.1, 10.0.0.0/8, loopback), got '${bad.join(', ')}'`);
  return false;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`bad configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** Reads the configuration from `env` (normally `process.env`); throws a `ConfigError` listing every problem. */
export function loadConfig(env: Env): Config {
  const problems: string[] = [];
  const get = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };

  let port = DEFAULT_PORT;
  const rawPort = get('PORT');
  if (rawPort !== undefined) {
    const n = /^\d+$/.test(rawPort) ? Number(rawPort) : NaN;
    if (!Number.isInteger(n) || n < 0 || n > 65535) problems.push(`PORT must be a whole number 0..65535 (0 = any free port), got '${rawPort}'`);
    else port = n;
  }

  const host = get('HOST') ?? DEFAULT_HOST;

  const databaseUrl = get('DATABASE_URL') ?? DEFAULT_DATABASE_URL;
  if (/^postgres(ql)?:/i.test(databaseUrl)) {
    try {
      new URL(databaseUrl);
    } catch {
      problems.push('DATABASE_URL looks like a PostgreSQL URL but does not parse (postgres://user:password@host:5432/db)');
    }
  }

  const redisUrl = get('REDIS_URL') ?? null;
  if (redisUrl !== null && !/^rediss?:\/\/.+/i.test(redisUrl)) problems.push(`REDIS_URL must be a redis:// or rediss:// URL`);
  if (redisUrl !== null && !/^postgres(ql)?:/i.test(databaseUrl))
    problems.push('REDIS_URL (several instances) needs a PostgreSQL DATABASE_URL: instances cannot share an SQLite file');
  const cluster = clusterConfig(get, problems);

  let publicOrigin: string | null = null;
  const rawOrigin = get('PUBLIC_ORIGIN');
  if (rawOrigin !== undefined) {
    const u = URL.canParse(rawOrigin) ? new URL(rawOrigin) : null;
    if (u && /^https?:$/.test(u.protocol) && u.pathname === '/' && u.search === '' && u.hash === '' && u.username === '') publicOrigin = u.origin;
    else problems.push(`PUBLIC_ORIGIN must be an origin such as https://nardy.example (scheme, host, port; no path), got '${rawOrigin}'`);
  }
  const rawSecure = get('COOKIE_SECURE')?.toLowerCase();
  if (rawSecure !== undefined && !['true', 'false', '1', '0'].includes(rawSecure)) problems.push(`COOKIE_SECURE must be true or false, got '${rawSecure}'`);
  const cookieSecure = rawSecure === undefined ? publicOrigin?.startsWith('https:') === true : rawSecure === 'true' || rawSecure === '1';

  const trustProxy = parseTrustProxy(get('TRUST_PROXY'), problems);

  const rawLevel = (get('LOG_LEVEL') ?? 'info').toLowerCase();
  const logLevel = (LOG_LEVELS as readonly string[]).includes(rawLevel) ? (rawLevel as LogLevel) : null;
  if (logLevel === null) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${rawLevel}'`);

  const diceSeed = get('NARDY_DICE_SEED') ?? null;
  if (diceSeed !== null && !isServerSeed(diceSeed)) problems.push('NARDY_DICE_SEED (tests only) must be 64 lowercase hex characters');

  let signupBurst = DEFAULT_SIGNUP_BURST;
  const rawBurst = get('SIGNUP_BURST');
  if (rawBurst !== undefined) {
    if (!/^\d{1,6}$/.test(rawBurst) || Number(rawBurst) < 1) problems.push(`SIGNUP_BURST must be a whole number 1..999999, got '${rawBurst}'`);
    else signupBurst = Number(rawBurst);
  }

  let chipsGrant = DEFAULT_CHIPS_GRANT;
  const rawGrant = get('CHIPS_GRANT');
  if (rawGrant !== undefined) {
    if (!/^\d{1,12}$/.test(rawGrant)) problems.push(`CHIPS_GRANT must be a whole number of chips 0..999999999999, got '${rawGrant}'`);
    else chipsGrant = Number(rawGrant);
  }

  const limits: { -readonly [K in keyof Limits]: number } = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(LIMIT_VARS) as (keyof Limits)[]) {
    const raw = get(LIMIT_VARS[key]);
    if (raw === undefined) continue;
    if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) problems.push(`${LIMIT_VARS[key]} must be a whole number 1..999999, got '${raw}'`);
    else limits[key] = Number(raw);
  }

  let unloadAfterMs = DEFAULT_UNLOAD_AFTER_MS;
  const rawUnload = get('FINISHED_GAME_UNLOAD_S');
  if (rawUnload !== undefined) {
    if (!/^\d{1,6}$/.test(rawUnload)) problems.push(`FINISHED_GAME_UNLOAD_S must be a whole number of seconds 0..999999, got '${rawUnload}'`);
    else unloadAfterMs = Number(rawUnload) * 1000;
  }

  let analysisWorkers = 1;
  const rawWorkers = get('ANALYSIS_WORKERS');
  if (rawWorkers !== undefined) {
    if (!/^\d{1,2}$/.test(rawWorkers) || Number(rawWorkers) > 16)
      problems.push(`ANALYSIS_WORKERS must be a whole number 0..16 (0 = analysis off), got '${rawWorkers}'`);
    else analysisWorkers = Number(rawWorkers);
  }
  const rawAuto = (get('ANALYSIS_AUTO') ?? 'rated').toLowerCase();
  if (rawAuto !== 'rated' && rawAuto !== 'off') problems.push(`ANALYSIS_AUTO must be rated or off, got '${rawAuto}'`);

  const tournaments = tournamentConfig(get, problems);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    databaseUrl,
    redisUrl,
    cluster,
    logLevel: logLevel!,
    webDist: get('WEB_DIST') ?? DEFAULT_WEB_DIST,
    diceSeed,
    publicOrigin,
    cookieSecure,
    trustProxy,
    signupBurst,
    chipsGrant,
    unloadAfterMs,
    analysis: { workers: analysisWorkers, auto: rawAuto === 'off' ? 'off' : 'rated' },
    tournaments,
    limits,
  };
}

function clusterConfig(get: (name: string) => string | undefined, problems: string[]): Config['cluster'] {
  const instanceId = get('INSTANCE_ID') ?? null;
  if (instanceId !== null && !/^[A-Za-z0-9_.-]{1,40}$/.test(instanceId))
    problems.push(`INSTANCE_ID must be 1–40 characters of A–Z a–z 0–9 _ . -, got '${instanceId}'`);
  let lapseMs = DEFAULT_LAPSE_MS;
  const rawLapse = get('CLUSTER_LAPSE_MS');
  if (rawLapse !== undefined) {
    if (!/^\d{1,6}$/.test(rawLapse) || Number(rawLapse) < 500) problems.push(`CLUSTER_LAPSE_MS must be a whole number of ms 500..999999, got '${rawLapse}'`);
    else lapseMs = Number(rawLapse);
  }
  const prefix = get('REDIS_PREFIX') ?? 'nardy:';
  if (!/^[A-Za-z0-9_.:-]{1,40}$/.test(prefix)) problems.push(`REDIS_PREFIX must be 1–40 characters of A–Z a–z 0–9 _ . : -, got '${prefix}'`);
  return { instanceId, lapseMs, prefix };
}

/** The tournaments' settings; `TOURNAMENT_SCHEDULE` is read here (a file) and checked when the server starts. */
function tournamentConfig(get: (name: string) => string | undefined, problems: string[]): Config['tournaments'] {
  const whole = (name: string, fallback: number, max: number): number => {
    const raw = get(name);
    if (raw === undefined) return fallback;
    if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
      problems.push(`${name} must be a whole number 1..${max}, got '${raw}'`);
      return fallback;
    }
    return Number(raw);
  };
  const rawSchedule = get('TOURNAMENT_SCHEDULE')?.trim();
  let schedule: string | null = null;
  if (rawSchedule !== undefined && rawSchedule !== '') {
    if (rawSchedule.startsWith('[')) schedule = rawSchedule;
    else {
      try {
        schedule = readFileSync(rawSchedule, 'utf8');
      } catch (e) {
        problems.push(`TOURNAMENT_SCHEDULE: cannot read ${rawSchedule} (${e instanceof Error ? e.message : String(e)})`);
      }
    }
  }
  return {
    perUser: whole('TOURNAMENTS_PER_USER', 2, 1000),
    noShowMs: whole('TOURNAMENT_NO_SHOW_S', 120, 86_400) * 1000,
    botFillMs: whole('TOURNAMENT_BOT_FILL_S', 60, 86_400) * 1000,
    schedule,
  };
}
