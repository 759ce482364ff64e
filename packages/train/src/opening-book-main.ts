/**
 * The long-nardy opening book (issue 6 item 5): every first throw of the starter (White; L4: he throws both
 * dice afresh, so all 21 throws, doubles included) and every first throw of Black after each of White's
 * openings, each legal first turn ranked by rollouts (`rollout-rank.ts`: the same dice for every candidate,
 * players at `expert`, luck adjustment, `--truncate` half-moves then the static evaluation; 0 = to the end).
 * Head rule L9 and its first-turn exception L10/L11 (default `federation`: 6-6, 4-4, 3-3 may take a second
 * checker off the head) leave most first turns forced — the book says so. Writes `docs/opening-book-long.md`.
 *
 * Identical positions (White's 6-3 and 5-4 both play `24/15` …) are rolled out once.
 *
 *   committed:  npm run train -- opening-book --trials 1296 --reply-trials 324 --truncate 0 --no-luck --workers 1
 *   full size:  npm run train -- opening-book --trials 1296 --truncate 0 --workers 16
 *   options: [--seed 1] [--no-replies] [--reply-trials N (default --trials)] [--no-luck] [--out docs/opening-book-long.md]
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { legalTurns, makeLongPositionId, startPosition, type Dice, type Position } from '@nardy/engine';
import { THROWS } from '@nardy/ai';
import { rankByRollout, rankSettings, type RankSettings, type RolledTurn } from './rollout-rank.js';
import { longEvaluatorLabel } from './provenance.js';
import { flagArg, numberArg, stringArg } from './args.js';

const settings = rankSettings(numberArg, { trials: 1296, truncate: 0, seed: 1, workers: 0 }, flagArg('no-luck'));
const replySettings: RankSettings = { ...settings, trials: numberArg('reply-trials', settings.trials) };
const replies = !flagArg('no-replies');
const out = stringArg('out', fileURLToPath(new URL('../../../docs/opening-book-long.md', import.meta.url)));
const started = Date.now();
// Read first: the nets' files may be replaced by a training run while this one goes on.
const evaluator = longEvaluatorLabel();

/** The 21 throws in the book's order, higher die first: the non-doubles 6-5 … 2-1, then the doubles 6-6 … 1-1. */
const BOOK_THROWS: readonly Dice[] = THROWS.map((t) => t.dice).sort((x, y) => Number(x[0] === x[1]) - Number(y[0] === y[1]) || y[0] - x[0] || y[1] - x[1]);
const throwName = (d: Dice): string => `${d[0]}-${d[1]}`;

interface Entry {
  readonly dice: Dice;
  readonly ranked: RolledTurn[];
}

const booked = new Map<string, Entry[]>();

async function bookFor(position: Position, s: RankSettings): Promise<Entry[]> {
  const key = makeLongPositionId(position);
  const known = booked.get(key);
  if (known) return known;
  const entries: Entry[] = [];
  booked.set(key, entries);
  for (const dice of BOOK_THROWS) entries.push({ dice, ranked: await rankByRollout(position, legalTurns(position, dice), s) });
  return entries;
}

const num = (x: number): string => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(3);

/** A table: one row per candidate turn of each throw, the best marked (★); forced turns say so. */
function table(entries: readonly Entry[], who: string): string {
  const rows = [`| ${who}'s throw | turn | equity | SE | |`, '|---|---|---:|---:|---|'];
  for (const { dice, ranked } of entries)
    ranked.forEach((r, i) =>
      rows.push(
        `| ${i === 0 ? throwName(dice) : ''} | \`${r.move}\` | ${num(r.equity)} | ${r.se.toFixed(3)} | ${ranked.length === 1 ? 'forced' : i === 0 ? '★ best' : `${num(r.equity - ranked[0]!.equity)}`} |`,
      ),
    );
  return rows.join('\n');
}

const start = startPosition('long', 'white');
const white = await bookFor(start, settings);
console.error(`White's first throws: ${Math.round((Date.now() - started) / 1000)} s`);
const sections: string[] = [];
if (replies) {
  for (const { dice, ranked } of white)
    for (const opening of ranked) {
      const black = await bookFor(opening.turn.after, replySettings);
      sections.push(`### White ${throwName(dice)} \`${opening.move}\`\n\n${table(black, 'Black')}`);
      console.error(`after White ${throwName(dice)} ${opening.move}: ${Math.round((Date.now() - started) / 1000)} s`);
    }
}

// Preliminary: truncated, or too few trials for White's first throw; short of full size: fewer for the replies.
const preliminary = settings.truncate > 0 || settings.trials < 1296;
const full = !preliminary && (!replies || replySettings.trials >= 1296);
const trialsText =
  replies && replySettings.trials !== settings.trials
    ? `${settings.trials} trials per turn for White's first throw, ${replySettings.trials} for Black's replies`
    : `${settings.trials} trials per turn`;
const status = preliminary
  ? `**Preliminary:** ${trialsText}${settings.truncate ? `, truncated after ${settings.truncate} half-moves (then the static evaluation)` : ''} — the full-size book is the command below.\n\n`
  : full
    ? ''
    : `**Replies:** ${replySettings.trials} trials each (standard errors about ${Math.round(Math.sqrt(settings.trials / replySettings.trials))}× White's); the full-size build, 1,296 for every turn, is the command below.\n\n`;
const doc = `# Long nardy opening book${preliminary ? ' — PRELIMINARY' : ''}

${status}Rollouts of every legal first turn (\`packages/train/src/opening-book-main.ts\`): ${trialsText},
${settings.truncate ? `truncated after ${settings.truncate} half-moves` : 'every trial played to the end'}, both sides played by the bot at \`expert\` (0-ply) over the
long-nardy static evaluator \`${evaluator}\`, luck adjustment ${settings.luck ? 'on' : 'off'}, seed ${settings.seed},
the same dice for every candidate of a throw (so the differences between candidates are surer than each SE says). Default rules (head exception \`federation\`, docs/rules.md L10); cubeless,
mars counts 2 (L24). Equity: the mover's expected points per game, after the turn.
Generated ${new Date().toISOString().slice(0, 10)} in ${Math.round((Date.now() - started) / 60_000)} min.

Full size: \`npm run train -- opening-book --trials 1296 --truncate 0 --workers 16\`

Why most turns are forced: only one checker may leave the head per turn (L9), and on a side's first turn
all its checkers are on the head, so that one checker plays the whole throw. The exceptions (L10, first turn
only): 6-6, 4-4 and 3-3 allow a second head checker when the first is stopped by the opponent's head —
3-3 then has a real choice (\`24/18(2)\` or \`24/21 24/15\`; Black \`12/6(2)\` or \`12/9 12/3\`).

## White's first throw

${table(white, 'White')}
${replies ? `\n## Black's first throw, after each opening of White\n\nEquity from Black's view.\n\n${sections.join('\n\n')}\n` : ''}`;
writeFileSync(out, doc);
console.log(JSON.stringify({ out, white: white.length, replies: sections.length, seconds: Math.round((Date.now() - started) / 1000) }));
