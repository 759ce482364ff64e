import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The package graph in eslint.config.js bites: each case is a one-line file placed in a package. */
const eslint = new ESLint({ cwd: new URL('.', import.meta.url).pathname });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['packages/engine/src/position.ts', "import { x } from '@nardy/server';"],
    ['packages/engine/src/position.ts', "import { x } from '@nardy/protocol';"],
    ['packages/engine/src/position.ts', "import { x } from 'node:fs';"],
    ['packages/engine/src/position.ts', "import { x } from 'fs';"],
    ['packages/protocol/src/index.ts', "import { x } from '@nardy/ai';"],
    ['packages/protocol/src/index.ts', "import { x } from '../../ai/src/index.js';"],
    ['packages/ai/src/eval.ts', "import { x } from '@nardy/protocol';"],
    ['packages/ai/src/eval.ts', "import { x } from '@nardy/train';"],
    ['packages/ai/src/eval.ts', "import { x } from 'node:worker_threads';"],
    ['packages/ai/src/net/load.ts', "import { x } from '../node/files.js';"],
    ['packages/web/src/App.tsx', "import { x } from '@nardy/ai/node';"],
    ['packages/web/src/App.tsx', "import { x } from '@nardy/server';"],
    ['packages/web/src/App.tsx', "import { x } from 'node:fs';"],
    ['packages/cli/src/main.ts', "import { x } from '@nardy/server';"],
    ['packages/cli/src/main.ts', "import { x } from '../../server/src/testing/built-server.suite.js';"],
    ['packages/server/src/main.ts', "import { x } from '@nardy/web';"],
    ['packages/server/src/main.ts', "import { x } from '@nardy/train';"],
    ['packages/train/src/main.ts', "import { x } from '@nardy/server';"],
  ])('%s: %s is an error', async (file, code) => {
    expect(await restricted(file, code)).toHaveLength(1);
  });

  it.each([
    ['packages/engine/src/position.ts', "import { x } from './types.js';"],
    ['packages/engine/src/position.test.ts', "import { x } from 'node:fs';"],
    ['packages/protocol/src/index.ts', "import { x } from '@nardy/engine';"],
    ['packages/ai/src/eval.ts', "import { x } from '@nardy/engine';"],
    ['packages/ai/src/node/pool.ts', "import { x } from 'node:worker_threads';"],
    ['packages/ai/src/node/pool.ts', "import { x } from '../evaluate.js';"],
    ['packages/ai/src/node/pool.test.ts', "import { x } from './pool.js';"],
    ['packages/ai/src/choose.test.ts', "import { x } from './node/pool.js';"],
    ['packages/web/src/App.tsx', "import { x } from '@nardy/ai';"],
    ['packages/server/src/main.ts', "import { x } from '@nardy/ai/node';"],
    ['packages/server/src/main.ts', "import { x } from 'node:fs';"],
    ['packages/cli/src/main.ts', "import { x } from '@nardy/protocol';"],
    ['packages/train/src/main.ts', "import { x } from '@nardy/ai/node';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await restricted(file, code)).toEqual([]);
  });
});
