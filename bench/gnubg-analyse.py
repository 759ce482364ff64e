"""gnubg's side of bench/gnubg-analyse.js: it makes the test matches, and it analyses a .mat as "analyse match" does.

  cd ../shared/tools/gnubg && ./gnubg-py /…/bench/gnubg-analyse.py --play 7 --seed 1 --noise 0.03 --out m1.mat
  cd ../shared/tools/gnubg && ./gnubg-py /…/bench/gnubg-analyse.py --analyse m1.mat --ply 2

--play: gnubg plays itself a match of that length at 0-ply with deterministic noise (its weaker levels' way of
erring: "intermediate" is 0.04), dice from --seed, and exports it as .mat. Same seed, same match.
--analyse: one line {"cpu" (CPU seconds of `analyse match`, one thread), "players": {name: {unforced, closeCube,
chequerRate, cubeRate, errorRate, errorRateMwc (per unforced decision, x 1000 as gnubg shows them), luck,
luckMwc, marks}}, "veryBad": [{game, player, kind: move | nodouble | double | answer, seq, dice}], "moves": [{game,
player, seq, error}]}, where seq counts that player's turns (move, nodouble) or doubles or answers within the game
from 1, and "moves" holds the error (EMG) of each unforced turn. gnubg only measures.
"""
import argparse
import time

import gnubg
import harness as H

ap = argparse.ArgumentParser(prog='gnubg-analyse.py')
ap.add_argument('--play', type=int, default=0)
ap.add_argument('--seed', type=int, default=1)
ap.add_argument('--noise', type=float, default=0.03)
ap.add_argument('--out')
ap.add_argument('--analyse')
ap.add_argument('--ply', type=int, default=2)
opts = ap.parse_args(H.argv())
gnubg.command('set threads 1')


def play():
    for p in (0, 1):
        gnubg.command('set player %d gnubg' % p)
        for k in ('chequerplay', 'cubedecision'):
            gnubg.command('set player %d %s evaluation plies 0' % (p, k))
            gnubg.command('set player %d %s evaluation noise %g' % (p, k, opts.noise))
            gnubg.command('set player %d %s evaluation deterministic on' % (p, k))
    gnubg.command('set seed %d' % opts.seed)
    gnubg.command('set automatic game on')
    gnubg.command('new match %d' % opts.play)
    gnubg.command('export match mat %s' % opts.out)
    H.emit({'out': opts.out})


def player_stats(s):
    m, c, d = s['moves'], s['cube'], s['dice']
    # The cube's error is the sum of its kinds (what gnubg's statistics window adds up), not c['error-skill'].
    cube = sum(v for k, v in c.items() if k.startswith('err-') and k.endswith('-skill'))
    cube_mwc = sum(v for k, v in c.items() if k.startswith('err-') and k.endswith('-cost'))
    n, nc = m['unforced-moves'], c['close-cube']
    rate = lambda x, k: round(1000 * x / k, 2) if k else 0
    return {'unforced': n, 'closeCube': nc, 'chequerRate': rate(m['error-skill'], n), 'cubeRate': rate(cube, nc),
            'errorRate': rate(m['error-skill'] + cube, n + nc), 'errorRateMwc': rate(m['error-cost'] + cube_mwc, n + nc),
            'luck': round(d['luck'], 4), 'luckMwc': round(d['luck-cost'], 4), 'marks': m['marked']}


def analyse():
    gnubg.command('import mat %s' % opts.analyse)
    for k in ('chequerplay', 'cubedecision'):
        gnubg.command('set analysis %s evaluation plies %d' % (k, opts.ply))
    t = time.process_time()
    gnubg.command('analyse match')
    cpu = time.process_time() - t
    m = gnubg.match(1, 0, 1, 0)
    names = {p: m['match-info'][p]['name'] for p in 'XO'}
    very_bad, moves = [], []
    for g, game in enumerate(m['games'], 1):
        seq = {}

        def mark(rec, kind, key='skill'):
            if rec.get('analysis', {}).get(key) == 'very bad':
                very_bad.append({'game': g, 'player': names[rec['player']], 'kind': kind, 'seq': seq[(rec['player'], kind)],
                                 'dice': rec.get('dice')})

        def count(rec, kind):
            seq[(rec['player'], kind)] = seq.get((rec['player'], kind), 0) + 1

        for rec in game['game']:
            a = rec['action']
            if a == 'move':
                count(rec, 'move')
                seq[(rec['player'], 'nodouble')] = seq[(rec['player'], 'move')]
                mark(rec, 'move')
                an = rec.get('analysis', {})
                if len(an.get('moves', [])) > 1:
                    moves.append({'game': g, 'player': names[rec['player']], 'seq': seq[(rec['player'], 'move')],
                                  'error': round(an['moves'][0]['score'] - an['moves'][an['imove']]['score'], 6)})
                mark(rec, 'nodouble', 'cube-skill')
            elif a == 'double':
                count(rec, 'double')
                mark(rec, 'double')
            elif a in ('take', 'drop'):
                count(rec, 'answer')
                mark(rec, 'answer')
    H.emit({'cpu': round(cpu, 3), 'players': {names[p]: player_stats(m['stats'][p]) for p in 'XO'}, 'veryBad': very_bad, 'moves': moves})


if opts.play:
    play()
elif opts.analyse:
    analyse()
else:
    H.log('usage: gnubg-analyse.py --play N --seed S --noise X --out FILE | --analyse FILE [--ply 2]')
