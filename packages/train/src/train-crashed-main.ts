/**
 * Trains short nardy's crashed net (`short-evaluator.ts`: back games' and anchor bear-offs' late stages) by
 * TD(λ) from generated crashed positions (`crashed-starts.ts`): self-play from the start seldom gets there, and
 * a crashed position soon becomes a race or a bear-off, whose values are exact (the databases, used here for
 * play and targets) or well learned — firm ground for the bootstrap. Only the crashed net learns; the contact
 * and race nets and the databases give the targets. It starts from the committed crashed net, or, when there is
 * none, from a copy of the contact net (same inputs: it begins with what the contact net knows).
 *
 * Every `--every` games it writes the nets (`weights/`) and appends to `training/short-crashed.jsonl` the
 * window's mean error and the static evaluator's error on the crashed test set (`--set`, made by
 * `crashed-set-main.ts`: mean absolute error of the winning chance and of the equity against its rollouts).
 *
 *   npm run train -- td-crashed --games 100000 [--rate 0.03] [--lambda 0.7] [--every 10000]
 *        [--seed 1] [--set packages/train/bench-set/short-crashed.jsonl]
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seededRng } from '@nardy/engine';
import { exactEvaluator, loadNet, type Mlp, NetEvaluator, type NetMeta, type NetSet, SHORT_FAMILY, type ShortClass } from '@nardy/ai/lab';
import { WEIGHTS_DIR } from '@nardy/ai/node';
import { parseCrashedSet, setError } from './crashed-set.js';
import { crashedStart } from './crashed-starts.js';
import { numberArg, stringArg } from './args.js';
import { saveNets } from './save-nets.js';
import { tdGame, withExact } from './td.js';

const games = numberArg('games', 100_000);
const lambda = numberArg('lambda', 0.7);
const rate = numberArg('rate', 0.03);
const every = numberArg('every', 10_000);
const seed = numberArg('seed', 1);
const setPath = stringArg('set', fileURLToPath(new URL('../bench-set/short-crashed.jsonl', import.meta.url)));
const LOG = new URL('../training/short-crashed.jsonl', import.meta.url);

const load = (cls: ShortClass) => loadNet(SHORT_FAMILY.file(cls), SHORT_FAMILY.encoding);
// The contact and race nets only give targets: read once, written back unchanged with their provenance.
const contact = load('contact');
const race = load('race');
const hasCrashed = existsSync(new URL(SHORT_FAMILY.file('crashed'), WEIGHTS_DIR));
const crashed: { net: Mlp; meta?: NetMeta } = hasCrashed ? load('crashed') : { net: contact.net.clone() };
const nets: NetSet<ShortClass> = { contact: contact.net, crashed: crashed.net, race: race.net };
const done = Number(crashed.meta?.training?.['crashedGames'] ?? 0);
const carried = (cls: string): Record<string, unknown> => (cls === 'race' ? race : contact).meta.training ?? {};

const exact = exactEvaluator('short');
const records = existsSync(setPath) ? parseCrashedSet(readFileSync(setPath, 'utf8')) : [];
const measure = () => (records.length ? setError(records, (p) => withExact(new NetEvaluator(SHORT_FAMILY, nets), exact).evaluate(p)) : undefined);

const saveAt = (total: number): void =>
  saveNets(SHORT_FAMILY, nets, WEIGHTS_DIR, (cls) =>
    cls === 'crashed' ? { crashedGames: total, lambda, rate, seed, script: 'train-crashed-main', from: 'short-contact' } : carried(cls),
  );
// The copy of the contact net is written at once: every reader of the short nets needs a crashed net.
if (!hasCrashed) saveAt(0);
const before = measure();
if (before) console.log(JSON.stringify({ games: done, set: before }));
const rng = seededRng(seed * 7919 + done);
const started = Date.now();
let windowError = 0;
let windowTrained = 0;
let windowPlies = 0;
let windowGames = 0;
for (let g = 1; g <= games; g++) {
  const stats = tdGame(SHORT_FAMILY, nets, rng, { lambda, rate, start: crashedStart(rng), exact, trains: (cls) => cls === 'crashed' });
  windowError += stats.error * stats.trained;
  windowTrained += stats.trained;
  windowPlies += stats.plies;
  windowGames++;
  if (g % every === 0 || g === games) {
    const total = done + g;
    const line = {
      crashedGames: total,
      seconds: Math.round((Date.now() - started) / 1000),
      lambda,
      rate,
      error: Number((windowError / Math.max(1, windowTrained)).toFixed(5)),
      pliesPerGame: Number((windowPlies / windowGames).toFixed(1)),
      trainedPerGame: Number((windowTrained / windowGames).toFixed(1)),
      set: measure(),
    };
    saveAt(total);
    appendFileSync(LOG, `${JSON.stringify(line)}\n`);
    console.log(JSON.stringify(line));
    windowError = windowTrained = windowPlies = windowGames = 0;
  }
}
