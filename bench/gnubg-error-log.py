"""The bot's chequer errors one by one, as gnubg's analysis of a play.py session judges them.

  cd ../shared/tools/gnubg && ./gnubg-py /…/bench/gnubg-error-log.py -- \
      --bot "node …/packages/cli/dist/main.js bot --stdio --level expert" --games 200 --ply 0 --seed 3 --analyse 2

Everything after `--` goes to the referee's play.py, which runs unchanged in this same gnubg process (its own
lines and summary come first; give it `--analyse PLY`). This script then walks the analysed games, replays each
game's board from the start, and writes one line per move the bot chose among two or more plays:
{"game", "pos" (gnubg Position ID, the bot on roll), "dice", "error" (equity the bot's play gives up against
gnubg's best, in points at a cube of 1: the sum over a session is play.py's chequer_error), "plays" (how many
gnubg listed), "played", "best" (the bot's play and gnubg's, as "13/7 8/7")}; then {"summary": "error-log",
"moves", "error"}, so that the total can be checked against play.py's. `bench/error-classes.js` splits the lines by our position classes. gnubg only judges: nothing here
feeds training.
"""
import os
import runpy
import sys

import gnubg
import harness as H

PLAY = os.path.join(os.path.dirname(H.__file__), '..', 'play.py')
START = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]

args = H.argv()
if '--' not in args or not any(a.startswith('--analyse') for a in args):
    H.log('usage: gnubg-py gnubg-error-log.py -- <play.py arguments, with --analyse PLY>')
    sys.exit(2)
if any(a.startswith('--match') or a == '--cube' for a in args):
    H.log('gnubg-error-log.py: cubeless money games only (the errors are read at a cube of 1)')
    sys.exit(2)
os.environ['GNUBG_PY_ARGS'] = '\n'.join(args[args.index('--') + 1:])
runpy.run_path(PLAY, run_name='__main__')


def notation(steps):
    """A play as gnubg writes it (from its mover's view; 25 is the bar, 0 off): "13/7 8/7"."""
    return ' '.join('%s/%s' % ('bar' if f == 25 else f, 'off' if t <= 0 else t) for f, t in steps)


total, count = 0.0, 0
for k, game in enumerate(gnubg.match(1, 0, 1, 0)['games'], 1):
    # Boards from each player's own view, as gnubg's moves are written: X = gnubg, O = the bot.
    board = {'X': (list(START), list(START))}
    for rec in game['game']:
        if rec.get('action') != 'move':
            continue
        who = rec['player']
        other = 'O' if who == 'X' else 'X'
        b = board.get(who) or H.swap(board[other])
        a = rec.get('analysis')
        if who == 'O' and a and len(a.get('moves', [])) > 1:
            error = a['moves'][0]['score'] - a['moves'][a['imove']]['score']
            total += error
            count += 1
            H.emit({'game': k, 'pos': gnubg.positionid(tuple(b)), 'dice': rec['dice'], 'error': round(error, 7),
                    'plays': len(a['moves']), 'played': notation(a['moves'][a['imove']]['move']),
                    'best': notation(a['moves'][0]['move'])})
        after = H.apply_steps(b, rec['move'])
        board = {other: H.swap(after)}
H.emit({'summary': 'error-log', 'moves': count, 'error': round(total, 6)})
