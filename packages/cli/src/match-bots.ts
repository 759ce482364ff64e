import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface, type Interface } from 'node:readline';
import { LEVELS, chooseTurn, seededRng, type Level, type Rng } from '@nardy/ai';
import { heuristicTurn } from '@nardy/ai/yardstick';
import {
  boardKey,
  findTurnByNotation,
  makePlainBoard,
  makePositionId,
  makeTurnNotation,
  type Dice,
  type Position,
  type RuleOptions,
  type Turn,
} from '@nardy/engine';
import { afterId } from './position-input.js';

/** One decision a bot in a `nardy match` makes: the turn for these dice out of the legal ones (never empty). */
export interface MoveQuestion {
  readonly game: number;
  readonly position: Position;
  readonly dice: Dice;
  readonly turns: readonly Turn[];
}

export interface MatchBot {
  readonly name: string;
  move(q: MoveQuestion): Promise<Turn>;
  /** The game is over; `points` are this bot's (negative when it lost). */
  end(game: number, points: number): void;
  close(): Promise<void>;
}

/**
 * The bots run in this process: the two yardsticks of issue 6 — `random` (a uniformly random legal turn, the
 * floor) and `heuristic` (the documented heuristic evaluator at 0-ply, `heuristicTurn`, fixed whatever the
 * nets become) — and our own bot at each level (`expert`, `worldclass` …: `chooseTurn`).
 */
export const BUILT_IN_BOTS = ['random', 'heuristic', ...LEVELS] as const;
export type BuiltInBot = (typeof BUILT_IN_BOTS)[number];

export function builtInBot(name: BuiltInBot, rules: RuleOptions, seed: number): MatchBot {
  const rng: Rng = seededRng(seed);
  const pick =
    name === 'random'
      ? (q: MoveQuestion): Turn => q.turns[Math.floor(rng() * q.turns.length)]!
      : name === 'heuristic'
        ? (q: MoveQuestion): Turn => heuristicTurn(q.position, q.dice, rules)
        : (q: MoveQuestion): Turn => chooseTurn(q.position, q.dice, { level: name as Level, rules, rng });
  return { name, move: (q) => Promise.resolve(pick(q)), end: () => {}, close: () => Promise.resolve() };
}

export class BotProtocolError extends Error {
  override readonly name = 'BotProtocolError';
}

/**
 * A bot in another process (`sh -c command`) speaking the bot protocol (`bot-protocol.ts`). Each move request
 * carries the plain board (with dice and firstTurn), `pos` (gnubg Position ID from its view; short nardy and
 * Caucasian) and `plays`, every legal turn with its notation, canonical result key and (gnubg variants)
 * `after` ID. An answer names one of them by `play` (index), `result`, `after` or `move` (notation).
 */
export class ProcessBot implements MatchBot {
  private readonly child: ChildProcess;
  private readonly lines: Interface;
  private readonly waiting: ((line: string | null) => void)[] = [];
  private readonly queued: string[] = [];
  private closed = false;
  private stderrTail = '';

  constructor(
    readonly name: string,
    command: string,
    private readonly timeoutMs: number,
  ) {
    this.child = spawn('/bin/sh', ['-c', command], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdin!.on('error', () => {}); // a bot that exits early: reported by the missing answer
    this.child.stderr!.on('data', (c: Buffer) => (this.stderrTail = (this.stderrTail + c.toString()).slice(-500)));
    this.lines = createInterface({ input: this.child.stdout!, crlfDelay: Infinity });
    this.lines.on('line', (line) => {
      const w = this.waiting.shift();
      if (w) w(line);
      else this.queued.push(line);
    });
    this.lines.on('close', () => {
      this.closed = true;
      for (const w of this.waiting.splice(0)) w(null);
    });
  }

  async move(q: MoveQuestion): Promise<Turn> {
    const gnubg = q.position.variant !== 'long';
    const plays = q.turns.map((t) => ({
      move: makeTurnNotation(q.position, t),
      result: boardKey(t.after),
      ...(gnubg ? { after: afterId(q.position, t.after) } : {}),
    }));
    const request = {
      type: 'move',
      game: q.game,
      variant: q.position.variant,
      dice: q.dice,
      board: makePlainBoard(q.position, q.dice),
      ...(gnubg ? { pos: makePositionId(q.position) } : {}),
      cube: { value: 1, owner: 'centre', matchTo: 0, score: { me: 0, opp: 0 } },
      plays,
    };
    const answer = await this.ask(request);
    const turn = this.turnOf(answer, q, plays);
    if (!turn) throw new BotProtocolError(`${this.name}: illegal answer ${JSON.stringify(answer)} to ${JSON.stringify(request.board)}`);
    return turn;
  }

  end(game: number, points: number): void {
    this.send({ type: 'end', game, points, winner: points > 0 ? 'bot' : 'opponent' });
  }

  async close(): Promise<void> {
    this.send({ type: 'bye' });
    this.child.stdin!.end();
    if (this.child.exitCode === null && this.child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.child.kill();
          resolve();
        }, 5000);
        this.child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private turnOf(answer: Record<string, unknown>, q: MoveQuestion, plays: readonly { result: string; after?: string | undefined }[]): Turn | undefined {
    if (typeof answer['play'] === 'number') return q.turns[answer['play']];
    const byKey = (key: 'result' | 'after'): Turn | undefined => {
      const i = plays.findIndex((p) => p[key] !== undefined && p[key] === answer[key]);
      return i >= 0 ? q.turns[i] : undefined;
    };
    if (typeof answer['result'] === 'string') return byKey('result');
    if (typeof answer['after'] === 'string') return byKey('after');
    if (typeof answer['move'] === 'string') {
      const r = findTurnByNotation(q.position, q.turns, answer['move']);
      return r.ok ? r.value : undefined;
    }
    return undefined;
  }

  private send(msg: object): void {
    if (!this.closed && this.child.stdin!.writable) this.child.stdin!.write(`${JSON.stringify(msg)}\n`);
  }

  private async ask(msg: object): Promise<Record<string, unknown>> {
    this.send(msg);
    const line = await new Promise<string | null>((resolve) => {
      const next = this.queued.shift();
      if (next !== undefined) return resolve(next);
      if (this.closed) return resolve(null);
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(done), 1);
        resolve(null);
      }, this.timeoutMs);
      const done = (l: string | null): void => {
        clearTimeout(timer);
        resolve(l);
      };
      this.waiting.push(done);
    });
    if (line === null) {
      const why = this.closed ? 'closed its output' : `gave no answer within ${this.timeoutMs / 1000} s`;
      throw new BotProtocolError(`${this.name} ${why}${this.stderrTail ? `; stderr: ${this.stderrTail.trim()}` : ''}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new BotProtocolError(`${this.name}: answer is not JSON: ${line.slice(0, 200)}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new BotProtocolError(`${this.name}: answer is not a JSON object`);
    return parsed as Record<string, unknown>;
  }
}
