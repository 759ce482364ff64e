import type { GameFactory, ReplyError } from '../contracts.js';
import type { Result } from '@nardy/engine';

type Start = GameFactory['startGame'];
type Started = Awaited<ReturnType<Start>>;

/**
 * Where a new game lives (several instances): the lobby and the tournaments start games on the instance that holds
 * them, but each game is placed on the live instances in turn, so games spread over the cluster instead of piling
 * on the lobby's holder. The chosen instance creates it and holds it (`games.start`). When it does not answer, the
 * start is refused rather than tried here: a slow instance may still have made the game, and two games (two chip
 * holds) for one pairing would be worse than a retry. While Redis is down every game is made here.
 */
export class PlacedGames implements GameFactory {
  private turn = 0;

  constructor(
    private readonly local: GameFactory,
    private readonly cluster: {
      readonly instanceId: string;
      /** The live instances (this one among them). */
      readonly instances: () => readonly string[];
      /** Whether the instances can reach each other now (Redis up). */
      readonly up: () => boolean;
      call(to: string, method: string, args: unknown): Promise<unknown>;
    },
  ) {}

  async startGame(req: Parameters<Start>[0]): Promise<Started> {
    const live = [...this.cluster.instances()].sort();
    const to = live.length === 0 ? this.cluster.instanceId : live[this.turn++ % live.length]!;
    // With Redis down no call can go out, so a game made here cannot be a second one.
    if (to === this.cluster.instanceId || !this.cluster.up()) return this.local.startGame(req);
    try {
      return (await this.cluster.call(to, START_GAME, req)) as Result<{ readonly gameId: string; readonly commitment: string }, ReplyError>;
    } catch {
      return { ok: false, error: { code: 'UNAVAILABLE', message: 'the game could not be set up on another server; try again' } };
    }
  }
}

/** The call an instance answers by starting a game it then holds. */
export const START_GAME = 'games.start';
