#!/usr/bin/env node
import { useNodeData } from '@nardy/ai/node';
import { main } from './cli.js';

useNodeData(); // the bot reads its nets and tables from the installed package

// A reader that goes away (`nardy legal < big | head`) is not an error worth a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') process.stderr.write(`nardy: cannot write the output: ${e.message}\n`);
  process.exit(e.code === 'EPIPE' ? 0 : 1);
});

main(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // main() catches everything; this is the last line of defence.
    process.stderr.write(`nardy: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
