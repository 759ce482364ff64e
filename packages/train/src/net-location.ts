import { DEFAULT_SCORING, opposite, type Position } from '@nardy/engine';
import { homeMarsPoints, raceProbabilities, type StaticEvaluator } from '@nardy/ai';
import { finishedProbabilities, type LoadedNet, NetEvaluator, type NetFamily, type NetSet } from '@nardy/ai/lab';
import { readNetFile } from '@nardy/ai/node';

/**
 * Where a generation's nets lie, for comparing generations (`promote-main.ts`): a directory holding the
 * family's files under their usual names (`long-contact.nnet`, …), or a path with `{class}` in it
 * (`gen3/long-{class}.nnet`). Relative paths are read from `base` (the working directory by default).
 */
export function netFiles<C extends string>(family: NetFamily<C>, location: string, base: URL = new URL(`file://${process.cwd()}/`)): Record<C, URL> {
  const dir = location.endsWith('/') ? location : `${location}/`;
  const url = (c: C): URL => (location.includes('{class}') ? new URL(location.replaceAll('{class}', c), base) : new URL(family.file(c), new URL(dir, base)));
  return Object.fromEntries(family.classes.map((c) => [c, url(c)])) as Record<C, URL>;
}

/**
 * A family's net files from a location (see `netFiles`), each read once: its net and what the file says of it;
 * throws naming the file when one is missing or of another layout.
 */
export function loadFilesFrom<C extends string>(family: NetFamily<C>, location: string): Record<C, LoadedNet> {
  const files = netFiles(family, location);
  return Object.fromEntries(family.classes.map((c) => [c, readNetFile(files[c], family.encoding)])) as Record<C, LoadedNet>;
}

/** A family's nets from a location (`loadFilesFrom`, the nets alone). */
export function loadFamilyFrom<C extends string>(family: NetFamily<C>, location: string): NetSet<C> {
  const loaded = loadFilesFrom(family, location);
  return Object.fromEntries(family.classes.map((c) => [c, loaded[c].net])) as NetSet<C>;
}

/** What the nets' files say about their training (`meta.training` of the family's first class), for logs. */
export function trainingOf<C extends string>(family: NetFamily<C>, location: string): Record<string, unknown> {
  return readNetFile(netFiles(family, location)[family.classes[0]!], family.encoding).meta.training ?? {};
}

/**
 * The nets as a static evaluator the way the game uses them: finished games exact, bear-off positions from the
 * databases (`bearoff/`), the class nets for the rest.
 */
export function netStaticEvaluator<C extends string>(family: NetFamily<C>, nets: NetSet<C>): StaticEvaluator {
  const evaluator = new NetEvaluator(family, nets);
  const marsPoints = homeMarsPoints(family.variant, DEFAULT_SCORING);
  return (p: Position) => finishedProbabilities(p) ?? raceProbabilities(p.board[p.turn], p.board[opposite(p.turn)], marsPoints) ?? evaluator.evaluate(p);
}
