"""gnubg's cubeless money equity of positions, for the side on roll (for bench/label-judge.js).

  cd ../shared/tools/gnubg && ./gnubg-py /…/bench/gnubg-position-equity.py --ply 2 < requests.jsonl

In: JSON lines {"id", "pos"} (gnubg Position ID, the side on roll second). Out: {"id", "probs" (win, win gammon,
win backgammon, lose gammon, lose backgammon), "equity"} per line. gnubg only measures here.
"""
import argparse
import json
import sys

import gnubg
import harness as H

ap = argparse.ArgumentParser(prog='gnubg-position-equity.py')
ap.add_argument('--ply', type=int, default=2)
opts = ap.parse_args(H.argv())
cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
context = gnubg.evalcontext(0, opts.ply, 1, 1, 0.0)    # cubeless, deterministic, pruned as gnubg's analysis
for line in sys.stdin:
    if not line.strip():
        continue
    req = json.loads(line)
    r = gnubg.evaluate(tuple(H.board_of(req)), cube, context)
    H.emit({'id': req.get('id'), 'probs': [round(x, 6) for x in r[:5]], 'equity': round(r[5], 6)})
