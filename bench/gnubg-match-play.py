"""What a chequer play or a cube action gives up at a match score, as gnubg judges it (for bench/gnubg-paired.js
and bench/gnubg-cube-error.js with --match).

  cd ../shared/tools/gnubg && ./gnubg-py /…/bench/gnubg-match-play.py --ply 2 < requests.jsonl

In: JSON lines {"id", "pos", "dice", "matchTo", "cube", "play": {"next": ID}}, where "pos" is a gnubg Position ID
(the side on roll second) and "cube" is our PlayCube as the side on roll sees it: {"value", "owner": "centred" |
"onRoll" | "opponent", "away": {"onRoll", "opponent"}, "stage": "preCrawford" | "crawford" | "postCrawford"}.
Out: {"id", "chosen": {"rank", "loss_mp"}} per line, loss_mp being gnubg's cubeful match equity of its best play
less that of the chosen one (normalised equity, the units of its match analysis), x 1000; or {"id", "error"}.
A line without "dice" is a cube decision of the side on roll (the doubler), with an optional "action" (double |
nodouble for the doubler, take | drop for its opponent): out {"id", "cube": {"nodouble", "take", "pass",
"optimal", "recommendation", "action", "loss_mp"}}, the equities the doubler's, normalised to the cube, and the
action's loss from the side that takes it. gnubg only measures here.
"""
import argparse
import json
import sys

import gnubg
import harness as H

ap = argparse.ArgumentParser(prog='gnubg-match-play.py')
ap.add_argument('--ply', type=int, default=2)
opts = ap.parse_args(H.argv())
H.setup(ply=opts.ply)


def set_match(match_to, cube):
    """gnubg's match state for the side that will be on roll: length, score, Crawford stage and cube."""
    gnubg.command('new match %d' % match_to)
    turn = gnubg.posinfo()['turn']
    me, opp = match_to - cube['away']['onRoll'], match_to - cube['away']['opponent']
    gnubg.command('set score %d %d' % ((me, opp) if turn == 0 else (opp, me)))
    gnubg.command('set crawford %s' % ('on' if cube.get('stage') == 'crawford' else 'off'))
    gnubg.command('set cube value %d' % cube['value'])
    owner = {'centred': -1, 'onRoll': turn, 'opponent': 1 - turn}[cube['owner']]
    gnubg.command('set cube centre' if owner < 0 else 'set cube owner %d' % owner)
    ci = gnubg.cubeinfo()
    if (ci['matchto'], ci['score'][turn], ci['score'][1 - turn], ci['cube'], ci['cubeowner'], bool(ci['crawford'])) != (
            match_to, me, opp, cube['value'], owner, cube.get('stage') == 'crawford'):
        raise RuntimeError('gnubg did not take the match state: %s' % ci)


def chequer_play(b, dice, play, out):
    H.set_position(b, dice)
    ps = H.current_plays(b)
    i = H.find_play(b, ps, play)
    if i is None:
        raise ValueError('not a legal play: %s' % play)
    out['chosen'] = {'rank': i + 1, 'loss_mp': round(1000 * (ps[0]['equity'] - ps[i]['equity']), 1)}


def cube_action(b, action, out):
    optimal, nd, dt, dp, _, text = gnubg.cfevaluate(b, gnubg.cubeinfo(), gnubg.evalcontext(1, opts.ply, 1, 1, 0.0))
    doubled = min(dt, dp)                       # what the doubler gets if he doubles
    loss = {'double': optimal - doubled, 'nodouble': optimal - nd, 'take': dt - doubled, 'drop': dp - doubled}
    out['cube'] = {'nodouble': round(nd, 5), 'take': round(dt, 5), 'pass': round(dp, 5), 'optimal': round(optimal, 5),
                   'recommendation': text}
    if action:
        out['cube'].update(action=action, loss_mp=round(1000 * loss[action], 1))


for line in sys.stdin:
    if not line.strip():
        continue
    req = json.loads(line)
    out = {'id': req.get('id')}
    try:
        set_match(req['matchTo'], req['cube'])
        b = H.board_of(req)
        if req.get('dice'):
            chequer_play(b, req['dice'], req['play'], out)
        else:
            H.set_position(b)
            cube_action(b, req.get('action'), out)
    except Exception as e:
        out['error'] = '%s: %s' % (type(e).__name__, e)
    H.emit(out)
