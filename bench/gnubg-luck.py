"""Head to head with gnubg, luck-adjusted (issue 5's play.py targets with the dice's noise taken out).

  cd ../shared/tools/gnubg && ./gnubg-py /…/bench/gnubg-luck.py --luck-ply 0 -- \
      --bot "node …/packages/cli/dist/main.js bot --stdio --level worldclass" --games 1000 --ply 0 --seed 9 --cube

Everything after `--` goes to the referee's play.py, which runs unchanged, in this same gnubg process (its own
per-game lines and summary come out first). gnubg then analyses the session at `--luck-ply` (0 by default)
and this script adds, per game, gnubg's "luck adjusted result" for the bot: the points it won less the
difference of the two sides' luck, a roll's luck being the equity of the best play for the roll rolled less
the mean over all rolls, in points at the cube of the time. Each roll's luck has mean zero given what came
before, whatever evaluator judges it, so the adjusted mean estimates the same points per game as the raw
mean, with much of the dice's variance removed (a control variate, as in a rollout's variance reduction).
A weaker judge removes less of it, never biases it.

Output (JSON lines, after play.py's): {"game", "bot_points", "luck_adjusted"} per game, then
{"summary": "luck-adjusted", "n", "luck_ply", "bot_points_per_game", "stderr", "luck_adjusted_ppg",
 "luck_adjusted_stderr", "correlation"}; stderr is the sample sd over sqrt(n).
"""
import math
import os
import runpy
import sys

import gnubg
import harness as H

PLAY = os.path.join(os.path.dirname(H.__file__), '..', 'play.py')

args = H.argv()
if '--' not in args:
    H.log('usage: gnubg-py gnubg-luck.py [--luck-ply N] -- <play.py arguments>')
    sys.exit(2)
ours, theirs = args[:args.index('--')], args[args.index('--') + 1:]
luck_ply = int(ours[ours.index('--luck-ply') + 1]) if '--luck-ply' in ours else 0
if any(a.startswith('--match') for a in theirs):
    H.log('gnubg-luck.py: money games only (a match\'s luck is in match winning chances)')
    sys.exit(2)

os.environ['GNUBG_PY_ARGS'] = '\n'.join(theirs)
runpy.run_path(PLAY, run_name='__main__')

gnubg.command('set analysis chequerplay evaluation plies %d' % luck_ply)
gnubg.command('set analysis cubedecision evaluation plies %d' % luck_ply)
gnubg.command('analyse match')
raw, adjusted = [], []
for k, game in enumerate(gnubg.match(1, 0, 1, 0)['games'], 1):
    dice = game.get('stats', {}).get('O', {}).get('dice')   # O = player 1 = the bot
    if dice is None:
        H.log('gnubg-luck.py: game %d has no analysis' % k)
        sys.exit(1)
    raw.append(dice['actual-result'])
    adjusted.append(dice['luck-adjusted-result'])
    H.emit({'game': k, 'bot_points': raw[-1], 'luck_adjusted': round(adjusted[-1], 4)})


def mean_se(xs):
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
    return m, sd / math.sqrt(len(xs)), sd


n = len(raw)
m_raw, se_raw, sd_raw = mean_se(raw)
m_adj, se_adj, sd_adj = mean_se(adjusted)
cov = sum((r - m_raw) * (a - m_adj) for r, a in zip(raw, adjusted)) / max(n - 1, 1)
H.emit({'summary': 'luck-adjusted', 'n': n, 'luck_ply': luck_ply,
        'bot_points_per_game': round(m_raw, 4), 'stderr': round(se_raw, 4),
        'luck_adjusted_ppg': round(m_adj, 4), 'luck_adjusted_stderr': round(se_adj, 4),
        'correlation': round(cov / (sd_raw * sd_adj), 3) if sd_raw and sd_adj else None})
