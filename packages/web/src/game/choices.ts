/**
 * What the viewer may decide now, and what it costs: the buttons of the action bar (from `view.legal.actions`),
 * the prompt above them, the claim after an opponent's grace ran out, and the rematch offer after the match.
 * Points are worked out with the engine's scoring (G3–G5), so a button says what it concedes.
 */
import {
  getVariant,
  jacobyInForce,
  kindForPoints,
  maxWinPoints,
  otherSeat,
  scoreWin,
  stakeFor,
  startPosition,
  type ResignLevel,
  type Seat,
  type WinKind,
  type WinPoints,
} from '@nardy/engine';
import { stakeHold, type GameView, type PlayerAction } from '@nardy/protocol';
import { seatColor } from './boardModel';
import { points, type Phrase } from './phrase';
import { kindPhrase, LEVEL_POINTS, seatNames } from './results';
import type { RoomState } from './roomState';

export interface Choice {
  readonly action: PlayerAction;
  readonly phrase: Phrase;
  /** `primary`: what the game waits for; `danger`: it gives something up. */
  readonly tone: 'primary' | 'plain' | 'danger';
}

/** What a win of `base` points (1–3, before the cube) scores now: Jacoby, then the cube (G3). */
const stakeNow = (view: GameView, base: WinPoints): number => stakeFor(base, view.cube, jacobyInForce(view.settings.match));

export interface Cost {
  readonly kind: WinKind;
  readonly points: number;
}

/** What accepting a resign offer at `level` gives the opponent: capped by what a win can be worth here (G4). */
export function resignCost(view: GameView, level: ResignLevel): Cost {
  const settings = view.settings.match;
  const scoring = getVariant(settings.variant).scoring;
  const base = Math.min(LEVEL_POINTS[level], maxWinPoints(scoring, settings)) as WinPoints;
  return { kind: kindForPoints(scoring, base), points: stakeNow(view, base) };
}

/** G5a: a surrender by `seat` now, valued by the position under the ceiling. */
export function surrenderCost(view: GameView, seat: Seat): Cost {
  const win = scoreWin(view.position, seatColor(view, otherSeat(seat)), view.settings.match);
  return { kind: win.kind, points: stakeNow(view, win.points) };
}

const costParams = (view: GameView, c: Cost) => ({ kind: kindPhrase(c.kind, view.settings.match.variant), points: points(c.points) });

const can = (view: GameView, type: PlayerAction['type']): boolean => view.legal?.actions.includes(type) ?? false;

/** The decisions the game waits for from the viewer: roll or double, answer a cube or a resign offer. */
export function decisionChoices(view: GameView): Choice[] {
  const out: Choice[] = [];
  const offer = view.cubeOffer;
  if (can(view, 'roll')) out.push({ action: { type: 'roll' }, phrase: { key: 'actions.roll' }, tone: 'primary' });
  if (can(view, 'double')) {
    // The first offer is a double (даве), the owner's later one a redouble (басе), G3.
    const key = view.cube.owner === null ? 'actions.double' : 'actions.redouble';
    out.push({ action: { type: 'double' }, phrase: { key, params: { value: view.cube.value * 2 } }, tone: 'plain' });
  }
  if (offer) {
    if (can(view, 'take')) out.push({ action: { type: 'take' }, phrase: { key: 'actions.take', params: { value: offer.value } }, tone: 'primary' });
    if (can(view, 'beaver')) {
      out.push({ action: { type: 'beaver' }, phrase: { key: 'actions.beaver', params: { value: offer.value * 2 } }, tone: 'plain' });
    }
    if (can(view, 'pass')) {
      out.push({ action: { type: 'pass' }, phrase: { key: 'actions.pass', params: { lose: points(offer.value / 2) } }, tone: 'danger' });
    }
  }
  const resign = view.resignOffer;
  if (resign && can(view, 'acceptResign')) {
    const cost = resignCost(view, resign.level);
    out.push({ action: { type: 'acceptResign' }, phrase: { key: 'actions.acceptResign', params: costParams(view, cost) }, tone: 'primary' });
  }
  if (can(view, 'declineResign')) out.push({ action: { type: 'declineResign' }, phrase: { key: 'actions.declineResign' }, tone: 'plain' });
  // G6: between games of a money session, in the pause before the next game, ending it is a decision in view.
  if (can(view, 'endSession')) out.push({ action: { type: 'endSession' }, phrase: { key: 'actions.endSession' }, tone: 'plain' });
  return out;
}

/** Whether the table plays a money session (G6) rather than a match. */
const money = (view: GameView): boolean => view.settings.match.matchLength === 0;

/** The name of a concession for its button, confirmation and "yes": in a money session resigning is the session's. */
export const concessionName = (view: GameView, type: PlayerAction['type']): string => (type === 'resignMatch' && money(view) ? 'resignSession' : type);

/**
 * Giving something up: resign offers (one per distinct value — under a low ceiling several levels cost the same),
 * surrender valued by the position (G5a), resigning the match or the money session (G6).
 */
export function concessionChoices(view: GameView): Choice[] {
  const out: Choice[] = [];
  const seen = new Set<number>();
  for (const level of view.legal?.resignLevels ?? []) {
    const cost = resignCost(view, level);
    if (seen.has(cost.points)) continue;
    seen.add(cost.points);
    out.push({ action: { type: 'resign', level }, phrase: { key: 'actions.resign', params: costParams(view, cost) }, tone: 'plain' });
  }
  if (can(view, 'surrender') && view.you !== null) {
    const cost = surrenderCost(view, view.you);
    out.push({ action: { type: 'surrender' }, phrase: { key: 'actions.surrender', params: costParams(view, cost) }, tone: 'danger' });
  }
  if (can(view, 'resignMatch')) {
    out.push({ action: { type: 'resignMatch' }, phrase: { key: `actions.${concessionName(view, 'resignMatch')}` }, tone: 'danger' });
  }
  return out;
}

/** The concessions that end the game or the match at once (no answer from the opponent): the room asks first. */
const FINAL_CONCESSIONS: ReadonlySet<PlayerAction['type']> = new Set(['surrender', 'resignMatch']);

/** What `points` are worth in chips at a staked table, as the server pays them: whole chips, capped by the hold (G9). */
function chipsFor(view: GameView, points: number): number {
  const { stake, match } = view.settings;
  return Math.min(Math.floor(points * stake), stakeHold(stake, match));
}

const chipsPhrase = (count: number): Phrase => ({ key: 'chips', params: { count } });

/**
 * What the viewer is asked before a concession that ends the game or the match at once, sentence by sentence:
 * who wins what, whether that ends the match, and the chips it costs at a staked table (a match's loser pays its
 * length × the stake, a money session's games count at the stake; G9). Null for the rest (an offer to resign is
 * the opponent's to accept) and for spectators.
 */
export function concessionCost(view: GameView, action: PlayerAction['type']): Phrase[] | null {
  const you = view.you;
  if (you === null || !FINAL_CONCESSIONS.has(action)) return null;
  const opp = otherSeat(you);
  const name = seatNames(view)[opp];
  const length = view.settings.match.matchLength;
  const staked = view.settings.stake > 0;
  const matchChips: Phrase[] = staked ? [{ key: 'confirm.chips', params: { chips: chipsPhrase(chipsFor(view, length)) } }] : [];
  if (action === 'resignMatch' && length === 0) return sessionCost(view, you, staked);
  if (action === 'resignMatch') {
    return [{ key: 'confirm.resignMatch', params: { name, you: view.score[you], them: view.score[opp], length } }, ...matchChips];
  }
  const cost = surrenderCost(view, you);
  const out: Phrase[] = [{ key: 'confirm.surrender', params: { name, ...costParams(view, cost) } }];
  if (length === 0) {
    if (staked) out.push({ key: 'confirm.sessionChips', params: { chips: chipsPhrase(chipsFor(view, cost.points)) } });
    return out;
  }
  if (view.score[opp] + cost.points >= length) out.push({ key: 'confirm.endsMatch', params: { name } }, ...matchChips);
  return out;
}

/**
 * Resigning a money session (G6): the game in play is conceded as a surrender (between games nothing is), then the
 * session ends at that score; at a staked table the player behind pays the difference at the stake (G9).
 */
function sessionCost(view: GameView, you: Seat, staked: boolean): Phrase[] {
  const opp = otherSeat(you);
  const name = seatNames(view)[opp];
  const between = can(view, 'endSession');
  const cost = surrenderCost(view, you);
  const mine = view.score[you];
  const theirs = view.score[opp] + (between ? 0 : cost.points);
  const out: Phrase[] = [
    between
      ? { key: 'confirm.resignSessionBetween', params: { name, you: mine, them: theirs } }
      : { key: 'confirm.resignSession', params: { name, ...costParams(view, cost), you: mine, them: theirs } },
  ];
  if (!staked) return out;
  const net = theirs - mine;
  if (net === 0) return [...out, { key: 'confirm.sessionEven' }];
  const chips = chipsPhrase(chipsFor(view, Math.abs(net)));
  return [...out, { key: net > 0 ? 'confirm.sessionPays' : 'confirm.sessionGains', params: { chips } }];
}

/** The line above the action bar: whose decision it is, and what a pending offer means for the viewer. */
export function promptPhrase(view: GameView): Phrase {
  const names = seatNames(view);
  const you = view.you;
  if (view.end) return { key: view.end.reason === 'aborted' ? 'prompt.aborted' : 'prompt.matchOver' };
  const cube = view.cubeOffer;
  if (view.phase === 'cubeOffered' && cube) {
    const responder = otherSeat(cube.by);
    if (you === responder) {
      return {
        key: cube.beaver ? 'prompt.beaverToYou' : 'prompt.cubeToYou',
        params: { name: names[cube.by], value: cube.value, take: points(cube.value), lose: points(cube.value / 2) },
      };
    }
    if (you === cube.by) return { key: 'prompt.cubeWaiting', params: { name: names[responder], value: cube.value } };
    return { key: 'prompt.cubeOffered', params: { name: names[cube.by], value: cube.value } };
  }
  const resign = view.resignOffer;
  if (view.phase === 'resignOffered' && resign) {
    const params = costParams(view, resignCost(view, resign.level));
    if (you === resign.by) return { key: 'prompt.resignWaiting', params: { ...params, name: names[otherSeat(resign.by)] } };
    return { key: you === null ? 'prompt.resignOffered' : 'prompt.resignToYou', params: { ...params, name: names[resign.by] } };
  }
  const actor = view.toAct;
  if (actor === null && view.games.length > 0 && can(view, 'endSession')) return { key: 'prompt.sessionBreak' };
  if (actor === null) return { key: 'prompt.opening' };
  if (actor !== you) return { key: view.phase === 'moving' ? 'prompt.toMove' : 'prompt.toRoll', params: { name: names[actor] } };
  if (view.phase === 'turnStart') return { key: view.legal ? 'prompt.yourRoll' : 'prompt.rolling' };
  return { key: view.legal && view.legal.turns.length > 0 ? 'prompt.yourMove' : 'prompt.noMove' };
}

/** The match line: "Match to 5 · game 2" or "Money session · game 3". */
export const matchPhrase = (matchLength: number, game: number): Phrase =>
  matchLength > 0 ? { key: 'match.toPoints', params: { length: matchLength, game } } : { key: 'match.money', params: { game } };

/** The opponent has been gone past the grace period: the viewer may claim the win or call the game off. */
export function claimable(view: GameView, serverNow: number): boolean {
  if (view.you === null || view.end !== null) return false;
  const opp = view.players[otherSeat(view.you)];
  return !opp.online && opp.graceUntil !== null && serverNow >= opp.graceUntil;
}

/**
 * Whether the view shows that `seat` has made a move of his own at this table — after which the server refuses an
 * abort (protocol "Disconnects and claims"). The throws, passes and flag falls the server made for him leave no such
 * trace; so do a throw of his own that had no move after it and a declined resign offer, which the server alone
 * knows of (it then refuses the abort, and the room says so).
 */
export function playedAtTable(view: GameView, seat: Seat): boolean {
  // A finished game: every ending but a flag fall and the opponent's own surrender (G5a) took an act of his —
  // checkers borne off or moved, a resign offered or accepted, a cube doubled, taken or passed.
  if (view.games.some((g) => g.end !== 'timeout' && !(g.end === 'surrender' && g.winner === seat))) return true;
  // This game: his checkers off their starting points (nobody can hit them there: the starts hold no blots, L1, S1).
  const start = startPosition(view.settings.match.variant).board.white;
  if (view.position.board[seatColor(view, seat)].some((n, i) => n !== start[i])) return true;
  // A taken double (G3) took a double and a take, one of them his; a beaver answers his double.
  if (view.cube.turned || view.resignOffer?.by === seat) return true;
  const offer = view.cubeOffer;
  return offer !== null && (offer.by === seat || offer.beaver);
}

/** With the claim: whether to offer calling the game off too (the server has the last word). */
export const abortOffered = (view: GameView): boolean => view.you !== null && !playedAtTable(view, otherSeat(view.you));

/**
 * The rematch after the match (protocol §5): `offer`, `answer` an offer, `waiting` for the answer, `declined` by the
 * opponent, `youDeclined` (the viewer may still offer one himself); against a bot a rematch is a new bot game
 * (`bot`); `none` for spectators, before the end and once the rematch has started.
 */
export type RematchChoice = 'none' | 'offer' | 'answer' | 'waiting' | 'declined' | 'youDeclined' | 'bot';

export function rematchChoice(view: GameView, rematch: RoomState['rematch']): RematchChoice {
  const you = view.you;
  // A tournament's match has none: the tournament pairs the next match (the server refuses it too).
  if (you === null || view.end === null || rematch.gameId !== null || view.tournament) return 'none';
  const opp = otherSeat(you);
  if (view.players[opp].user.bot !== undefined) return 'bot';
  if (rematch.offeredBy === opp) return 'answer';
  if (rematch.offeredBy === you) return 'waiting';
  if (rematch.declinedBy === you) return 'youDeclined';
  return rematch.declinedBy === opp ? 'declined' : 'offer';
}
