/**
 * The panel under the board may be docked by its host at the bottom of the screen (a phone: the turn's buttons stay
 * in view). Docked, it lies over whatever of the board reaches below its top, and a touch there would land on the
 * panel instead of a point: as a turn comes into hand the page scrolls just far enough that it covers none of the
 * board — never so far that the board's top leaves the screen (the board's height leaves room for the panel).
 */
interface Span {
  readonly top: number;
  readonly bottom: number;
}

/** How far (px) to scroll the page down so that the panel covers none of the board: 0 when it covers nothing. */
export function dockClearance(board: Span, panel: Span): number {
  const covered = board.bottom - panel.top;
  return covered > 0 ? Math.max(0, Math.min(covered, board.top)) : 0;
}

/** Scrolls the page so that a docked panel covers none of the board (at once: a touch may follow straight away). */
export function clearOfDock(board: Element, panel: Element): void {
  const by = dockClearance(board.getBoundingClientRect(), panel.getBoundingClientRect());
  if (by > 0) window.scrollBy({ top: by, behavior: 'instant' });
}
