"""Runs INSIDE gnubg (../shared/tools/gnubg/gnubg-py): gnubg's cubeless 0-ply evaluation of each position,
which gnubg answers from its bear-off databases (class 4 = two-sided, 6 = one-sided). Used by
compare-gnubg-bearoff.mjs as a referee only.
Input: JSON lines {"id": n, "board": <JSON board of the player on roll>}.
Output: JSON lines {"id": n, "class": c, "probs": [P(win), P(wg), P(wbg), P(lg), P(lbg)]} at full precision."""
import gnubg
import harness as H

ci = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
ec = gnubg.evalcontext(0, 0, 1, 1, 0.0)  # cubeless, 0-ply, deterministic, no noise
for req in H.requests(type('O', (), {'pos': None, 'board': None})()):
    b = H.board_of(req)
    e = gnubg.evaluate(b, ci, ec)
    H.emit({'id': req.get('id'), 'class': gnubg.classifypos(b, 0), 'probs': list(e[:5])})
