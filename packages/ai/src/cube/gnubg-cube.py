"""gnubg as referee for the cube formulas: for each position, gnubg's own 0-ply cubeless probabilities and its
0-ply cube decision (cfevaluate) in a set of money and match contexts. The probabilities are inputs for OUR
formulas (cube.gnubg.test.ts compares the decisions); nothing here is used as training data.

  cd ../shared/tools/gnubg && ./gnubg-py /work/main/packages/ai/src/cube/gnubg-cube.py < positions.jsonl > out.jsonl

The committed fixture (gnubg-cube.fixture.jsonl) holds the first 40 positions of `gen_positions.py --n 120 --seed 11
--mix 3,1,1` (contact, crashed, 2 races) and the first 12 races, 8 one-sided and 4 two-sided bear-offs of `--n 2000
--seed 13 --mix 1,0,0` then `--n 400 --seed 12 --mix 0,0,1` ("class": gnubg's); gnubg 1.07.001, default MET Kazaross-XG2.

Output line per position: {"pos", "class", "probs": [w, wg, wbg, lg, lbg], "gnubg": [[nodouble, take, pass, text], ...]}
with one entry per context of CONTEXTS (the test holds the same list): cube value, owner ("me"|"opp"|"centre"),
Jacoby, and for match play the length, the points each side needs and whether this is the Crawford game.
"""
import json
import sys

import gnubg
import harness as H

H.setup(threads=1, ply=0)
EC = gnubg.evalcontext(1, 0, 1, 1, 0.0)   # cubeful, 0-ply, deterministic, prune, no noise
OWNER = {'centre': -1, 'me': 0, 'opp': 1}
CONTEXTS = [
    {'value': 1, 'owner': 'centre', 'jacoby': 0},
    {'value': 2, 'owner': 'me', 'jacoby': 0},
    {'value': 2, 'owner': 'opp', 'jacoby': 0},
    {'value': 1, 'owner': 'centre', 'jacoby': 1},
    {'value': 1, 'owner': 'centre', 'length': 7, 'away': 5, 'oppAway': 5, 'crawford': 0},
    {'value': 1, 'owner': 'centre', 'length': 5, 'away': 2, 'oppAway': 2, 'crawford': 0},
    {'value': 1, 'owner': 'centre', 'length': 5, 'away': 4, 'oppAway': 2, 'crawford': 0},
    {'value': 2, 'owner': 'me', 'length': 9, 'away': 7, 'oppAway': 4, 'crawford': 0},
    {'value': 1, 'owner': 'centre', 'length': 5, 'away': 4, 'oppAway': 1, 'crawford': 0},
    {'value': 1, 'owner': 'centre', 'length': 5, 'away': 3, 'oppAway': 1, 'crawford': 1},
]
CLASSES = ['over', 'hypergammon1', 'hypergammon2', 'hypergammon3', 'bearoff2', 'bearoffts', 'bearoff1',
           'bearoffos', 'race', 'crashed', 'contact']

for req in H.requests(type('o', (), {'pos': None, 'board': None})()):
    b = gnubg.positionfromid(req['pos'])
    cls = gnubg.classifypos(b, 0)
    if cls == 0:
        continue
    results, probs = [], None
    for c in CONTEXTS:
        gnubg.command('set jacoby %s' % ('on' if c.get('jacoby') else 'off'))
        n = c.get('length', 0)
        score = (n - c['away'], n - c['oppAway']) if n else (0, 0)
        ci = gnubg.cubeinfo(c['value'], OWNER[c['owner']], 0, n, score, c.get('crawford', 0), 0)
        ci['jacoby'] = c.get('jacoby', 0)
        probs = probs or gnubg.evaluate(b, ci, gnubg.evalcontext(0, 0, 1, 1, 0.0))[:5]
        optimal, nd, dt, dp, code, text = gnubg.cfevaluate(b, ci, EC)
        results.append([round(nd, 6), round(dt, 6), round(dp, 6), text])
    H.emit({'pos': req['pos'], 'class': CLASSES[cls] if cls < len(CLASSES) else cls,
            'probs': [round(x, 6) for x in probs], 'gnubg': results})
