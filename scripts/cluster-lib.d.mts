// The types of cluster-lib.mjs, for the TypeScript test suites that import it (the benches read its JSDoc).

/** The built entry point the instances run. */
export declare const SERVER_MAIN: string;

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** Where an instance's stdout and stderr go: inherited, dropped, a file descriptor, or each line to a function. */
export type Output = 'inherit' | 'ignore' | number | ((line: string) => void);

export interface Instance {
  readonly port: number;
  readonly pid: number;
  /** http://127.0.0.1:port */
  readonly url: string;
  /** Settles when the process has exited. */
  readonly exited: Promise<Exit>;
  /** The exit once it has happened (null while running). */
  readonly exit: Exit | null;
  /** Sends `signal` (SIGTERM unless given) if it still runs. */
  kill(signal?: NodeJS.Signals): void;
  /** A graceful stop (SIGINT), SIGKILL after `graceMs` (20 s unless given). */
  stop(graceMs?: number): Promise<Exit>;
}

export declare function startInstance(options: { port: number; env?: Record<string, string | undefined>; output?: Output; nodeArgs?: string[] }): Instance;

export declare function waitHealthy(port: number, options?: { timeoutMs?: number | undefined; exited?: Promise<unknown> }): Promise<void>;

export declare function startCluster(options: {
  ports: number[];
  env?: Record<string, string | undefined>;
  ids?: string[];
  output?: (id: string) => Output;
  nodeArgs?: string[];
  timeoutMs?: number;
}): Promise<(Instance & { id: string })[]>;
