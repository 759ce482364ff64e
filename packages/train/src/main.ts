#!/usr/bin/env node
/**
 * The lab's one command, `npm run train -- <subcommand> [flags]` (`--help` lists the subcommands). Each
 * subcommand is a module that reads its own flags (args.ts) and runs when loaded; its name is taken off the
 * command line first, so its flags are read as they always were. The doc comment of each module says its flags.
 */
import { useNodeData } from '@nardy/ai/node';

interface Subcommand {
  readonly module: string;
  readonly about: string;
}

const SUBCOMMANDS: Readonly<Record<string, Subcommand>> = {
  td: { module: './train-main.js', about: "TD(λ) self-play training of a variant's nets (--variant short|long --games N [--resume])" },
  'td-crashed': { module: './train-crashed-main.js', about: "TD(λ) training of short nardy's crashed net from generated crashed positions" },
  prune: { module: './train-prune-main.js', about: "distils a variant's pruning net from its committed nets" },
  distill: { module: './distill-main.js', about: 'search distillation: the nets learn labels of a deeper search or of rollouts, kept if they win' },
  promote: { module: './promote-main.js', about: 'the promotion duel of a new generation of nets against the previous one' },
  blend: { module: './blend-main.js', about: 'blends generations of nets weight by weight (a model soup)' },
  'bench-set': { module: './bench-set-main.js', about: 'builds the long-nardy benchmark set (rollouts of self-play positions)' },
  'bench-set-score': { module: './bench-set-score-main.js', about: "scores the bot's levels on the long-nardy benchmark set" },
  'crashed-set': { module: './crashed-set-main.js', about: 'builds the short-nardy crashed test set (rolled-out crashed positions)' },
  'opening-book': { module: './opening-book-main.js', about: 'the long-nardy opening book by rollouts (docs/opening-book-long.md)' },
  'met-long': { module: './met-long-main.js', about: 'the long-nardy match equity table from self-play (packages/ai/src/cube/met-long-table.ts)' },
  legality: { module: './legality-main.js', about: "bot-against-bot games checking every chosen turn against the engine's legal turns" },
  'pack-shard': { module: './pack-shard-main.js', about: 'packs rollout label shards for keeping in the repository' },
  'upgrade-inputs': { module: './upgrade-inputs-main.js', about: "carries short nardy's nets from the short-v1 inputs to short-v2" },
};

const help = (): string =>
  `Usage: npm run train -- <subcommand> [flags]\n\nSubcommands (flags: the doc comment of packages/train/src/<module>.ts):\n${Object.entries(SUBCOMMANDS)
    .map(([name, s]) => `  ${name.padEnd(16)}${s.about}`)
    .join('\n')}\n`;

const name = process.argv[2];
const subcommand = name === undefined ? undefined : SUBCOMMANDS[name];
if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
  process.stdout.write(help());
} else if (!subcommand) {
  process.stderr.write(`train: no subcommand '${name}'\n\n${help()}`);
  process.exitCode = 2;
} else {
  process.argv.splice(2, 1);
  useNodeData();
  await import(subcommand.module);
}
