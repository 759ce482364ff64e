/**
 * The multi-instance suite's machinery (issue 43): built servers on fixed loopback ports sharing one PostgreSQL
 * database and one Redis, each killed (SIGKILL) and started again on its own port at will (the outage scenario's
 * private redis-server is cluster/redis.suite.ts'). Every instance keeps the last lines of each of its lives, so a failing
 * suite can print what each one said last.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startInstance, waitHealthy } from '../../../../scripts/cluster-lib.mjs';
import { freePort } from '../cluster/redis.suite.js';

/** How many of its last output lines each life of an instance keeps (what a failing suite prints). */
const TAIL_LINES = 150;

/** One instance: a port and a name that outlive its processes (scripts/cluster-lib.mjs starts each one). */
export class Instance {
  /** How many times it was started. */
  generation = 0;
  /** The INSTANCE_ID of the process now (or last) running. */
  id = '';
  private proc: ReturnType<typeof startInstance> | null = null;
  private healthy = false;
  /** Each life's last lines, newest last. */
  private readonly lives: string[][] = [];

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: () => Record<string, string>,
    /** Where every life's whole output goes (`<name>.<life>.log`). */
    readonly logDir: string,
  ) {}

  /** Running and healthy (its /healthz answered 200 once). */
  get up(): boolean {
    return this.healthy && this.proc !== null && this.proc.exit === null;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /**
   * Starts a process on the instance's port. `sameId`: under the INSTANCE_ID of its last life (a container
   * restarted under its hostname), else a new one.
   */
  async start(sameId = false): Promise<void> {
    if (this.proc && this.proc.exit === null) throw new Error(`${this.name} is running`);
    this.healthy = false;
    this.generation++;
    if (!sameId || this.id === '') this.id = `${this.name}-${this.generation}-${randomBytes(2).toString('hex')}`;
    const lines = [`--- ${this.name} life ${this.generation} (id ${this.id}, port ${this.port}) ---`];
    this.lives.push(lines);
    const file = join(this.logDir, `${this.name}.${this.generation}.log`);
    appendFileSync(file, `${lines[0]}\n`);
    const keep = (line: string): void => {
      // A request's two lines are noise in a tail; the file keeps them.
      if (!line.includes('"reqId"')) lines.push(line);
      if (lines.length > TAIL_LINES) lines.splice(1, 1);
      appendFileSync(file, `${line}\n`);
    };
    const proc = startInstance({ port: this.port, env: { ...this.env(), INSTANCE_ID: this.id, LOG_LEVEL: 'info' }, output: keep });
    this.proc = proc;
    void proc.exited.then((e) => keep(`--- exited: ${JSON.stringify(e)} ---`));
    await waitHealthy(this.port, { timeoutMs: 30_000, exited: proc.exited });
    this.healthy = true;
  }

  /** SIGKILL, as a crashed machine: no goodbye, its leases lapse. */
  async kill(): Promise<void> {
    if (!this.proc || this.proc.exit !== null) return;
    this.proc.kill('SIGKILL');
    await this.proc.exited;
  }

  /** A graceful stop (its leases handed over at once); the exit code, null when it was killed. */
  async stop(): Promise<number | null> {
    if (!this.proc) return null;
    return (await this.proc.stop()).code;
  }

  /** What it said last, life by life (the last `lives` of them). */
  logs(lives = 2): string {
    return this.lives
      .slice(-lives)
      .map((l) => l.join('\n'))
      .join('\n');
  }
}

/** Several instances on one database and one Redis. */
export class Cluster {
  readonly instances: Instance[];

  private constructor(
    instances: Instance[],
    /** Every instance's whole output, life by life. */
    readonly logDir: string,
  ) {
    this.instances = instances;
  }

  /**
   * `n` instances (named a, b, c …) on free ports, not started yet. `env`: what every process gets
   * (DATABASE_URL, REDIS_URL …); read at each start, so a test may change it between lives.
   */
  static async create(n: number, env: () => Record<string, string>): Promise<Cluster> {
    const dir = mkdtempSync(join(tmpdir(), 'nardy-cluster-'));
    const list: Instance[] = [];
    for (let i = 0; i < n; i++) list.push(new Instance(String.fromCharCode(97 + i), await freePort(), env, dir));
    return new Cluster(list, dir);
  }

  async start(): Promise<void> {
    await Promise.all(this.instances.map((i) => i.start()));
  }

  live(): Instance[] {
    return this.instances.filter((i) => i.up);
  }

  /** A random running instance (throws when none runs). */
  pick(): Instance {
    const l = this.live();
    if (l.length === 0) throw new Error('no instance is running');
    return l[Math.floor(Math.random() * l.length)]!;
  }

  byId(id: string | null): Instance | undefined {
    return this.instances.find((i) => i.id === id);
  }

  /** Graceful stop of every running instance; their exit codes by name. */
  async stop(): Promise<Record<string, number | null>> {
    const codes = await Promise.all(this.instances.map(async (i) => [i.name, await i.stop()] as const));
    return Object.fromEntries(codes);
  }

  async killAll(): Promise<void> {
    await Promise.all(this.instances.map((i) => i.kill()));
  }

  /** Every instance's last lines, to print when an assertion fails. */
  logs(lives = 2): string {
    return [`(whole logs in ${this.logDir})`, ...this.instances.map((i) => i.logs(lives))].join('\n');
  }
}
