/**
 * Which game of a match is the Crawford game (G3), worked out from the games the bot has seen.
 *
 * play.py's cube field carries the match length and score but no Crawford flag, and a score with a side 1-away
 * reads the same in the Crawford game and after it. The Crawford game is the first game of a match that starts
 * with exactly one side 1-away; the bot sees each game's number and score in its requests and each game's points
 * in its `end` lines, so it can tell the two apart. A game with no request of the bot's (none of its turns was a
 * choice) is still counted through its `end` line.
 */
export interface MatchScore {
  readonly me: number;
  readonly opp: number;
}

interface Seen {
  readonly matchTo: number;
  /** The last game seen, and the score it started at (or, once `ended`, the score the next one starts at). */
  game: number;
  score: MatchScore;
  ended: boolean;
  crawford: boolean;
  /** A game of this match so far started with a side 1-away: the Crawford game has been played or is on. */
  oneAwaySeen: boolean;
}

const oneAway = (matchTo: number, s: MatchScore): boolean => (matchTo - s.me === 1) !== (matchTo - s.opp === 1);

export class CrawfordTracker {
  private seen: Seen | undefined;

  /** Whether game number `game` of a match to `matchTo`, at `score`, is the Crawford game. */
  crawford(matchTo: number, game: number, score: MatchScore): boolean {
    const s = this.seen;
    if (s && s.matchTo === matchTo && s.game === game && !s.ended) return s.crawford;
    // Scores only grow within a match; a lower one, or another length, is a new match.
    const continues = s !== undefined && s.matchTo === matchTo && game > s.game && score.me >= s.score.me && score.opp >= s.score.opp;
    const playedBefore = continues && s.oneAwaySeen;
    const startsOneAway = oneAway(matchTo, score);
    const crawford = startsOneAway && !playedBefore;
    this.seen = { matchTo, game, score, ended: false, crawford, oneAwaySeen: playedBefore || startsOneAway };
    return crawford;
  }

  /** An `end` line: game `game` is over and the bot won `points` (negative: lost). */
  end(game: number, points: number): void {
    const s = this.seen;
    if (!s) return;
    if (s.ended && game === s.game + 1) {
      // A game the bot had no request in: it started at the score the last one ended at.
      s.oneAwaySeen ||= oneAway(s.matchTo, s.score);
      s.game = game;
    } else if (s.ended || game !== s.game) {
      return;
    }
    s.score = points > 0 ? { me: s.score.me + points, opp: s.score.opp } : { me: s.score.me, opp: s.score.opp - points };
    s.ended = true;
  }
}
