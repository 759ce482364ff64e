#!/usr/bin/env bash
# Live cross-check of short-nardy move generation against GNU Backgammon (Debian package gnubg):
# N fresh random positions (gnubg's own generator, a new seed each run unless SEED is set), gnubg's
# legal plays through ../shared/tools/gnubg/legal_moves.py, compared as sets of resulting positions.
# Usage: scripts/gnubg-crosscheck.sh [N]   (default 2000). Needs `npm run build` first. Exit 1 on any difference.
set -euo pipefail
n=${1:-2000}
root=$(cd "$(dirname "$0")/.." && pwd)
tools=${GNUBG_TOOLS:-$root/../shared/tools/gnubg}
seed=${SEED:-$(( $(date +%s) % 1000000 ))}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$tools"
echo "gnubg cross-check: $n positions, seed $seed"
./gnubg-py gen_positions.py --n "$n" --seed "$seed" > "$work/positions.jsonl"
./par.sh 2 legal_moves.py < "$work/positions.jsonl" > "$work/gnubg.jsonl"
node compare_moves.mjs "$work/gnubg.jsonl" --gen "$root/scripts/gnubg-adapter.mjs"
