/**
 * Crash durability on SQLite (DESIGN §7, "nothing is lost"): a child process appends actions to a file database
 * and prints `ACK <seq>` after each acknowledged append; it is SIGKILLed mid-stream. Reopening the file must show
 * every acknowledged append (and possibly a few more that committed before their ACK was printed), the log
 * contiguous and intact, and the game must carry on from there. Three kill/restart rounds on the same file.
 *
 * The child runs the real store code: this file transpiles `src/store/*.ts` (type-only engine imports vanish) into
 * a scratch folder under packages/server/node_modules, from where `kysely` and `better-sqlite3` resolve.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from './kysely-store.js';
import { must, newGame } from './store.suite.js';
import type { Action } from '@nardy/engine';

const here = dirname(fileURLToPath(import.meta.url));
const scratch = join(here, '..', '..', 'node_modules', '.cache', `store-durability-${randomBytes(4).toString('hex')}`);
const dataDir = mkdtempSync(join(tmpdir(), 'nardy-durability-'));

/** The action the child appends as `seq` (the parent recomputes it to check the content). */
const CHILD_ACTION = `(seq) => ({ type: 'roll', seat: seq % 2 ? 'p1' : 'p2', dice: [1 + (seq % 6), 1 + ((seq * 5) % 6)] })`;
const expectedAction = new Function(`return ${CHILD_ACTION}`)() as (seq: number) => Action;

const CHILD = `
import { openStore } from './kysely-store.js';
const [file, gameId] = process.argv.slice(2);
const opened = await openStore(file);
if (!opened.ok) { console.error(opened.error.message); process.exit(2); }
const store = opened.value;
const loaded = await store.loadGame(gameId);
if (!loaded.ok) { console.error(loaded.error.message); process.exit(2); }
const actionFor = ${CHILD_ACTION};
for (let seq = loaded.value.game.lastSeq + 1; ; seq++) {
  const action = actionFor(seq);
  const r = await store.appendAction(gameId, seq, { action, seat: action.seat, timeUsedMs: seq, createdAt: seq });
  if (!r.ok) { console.error(r.error.code + ': ' + r.error.message); process.exit(3); }
  process.stdout.write('ACK ' + seq + '\\n');
}
`;

beforeAll(() => {
  mkdirSync(scratch, { recursive: true });
  writeFileSync(join(scratch, 'package.json'), '{ "type": "module" }\n');
  for (const f of readdirSync(here)) {
    if (!f.endsWith('.ts') || f.endsWith('.test.ts') || f.endsWith('.suite.ts')) continue;
    const out = ts.transpileModule(readFileSync(join(here, f), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    });
    writeFileSync(join(scratch, f.replace(/\.ts$/, '.js')), out.outputText);
  }
  writeFileSync(join(scratch, 'child.js'), CHILD);
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the child until it has acknowledged `killAfter` appends, SIGKILLs it, and returns every seq it acknowledged. */
function runAndKill(file: string, gameId: string, killAfter: number): Promise<{ acked: number[]; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(scratch, 'child.js'), file, gameId], { stdio: ['ignore', 'pipe', 'pipe'] });
    const acked: number[] = [];
    let buf = '';
    let stderr = '';
    let killed = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buf += chunk;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const m = /^ACK (\d+)$/.exec(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
        if (m) acked.push(Number(m[1]));
      }
      if (!killed && acked.length >= killAfter) {
        killed = true;
        child.kill('SIGKILL'); // mid-stream: the child is in the middle of its next append
      }
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      clearTimeout(timer);
      resolve({ acked, signal, stderr });
    });
  });
}

describe('SQLite durability under SIGKILL', () => {
  it('keeps every acknowledged append across three kill/restart rounds', async () => {
    const file = join(dataDir, 'nardy.db');
    const setup = must(await openStore(file));
    const game = must(await setup.createGame(newGame({ status: 'active' })));
    await setup.close();

    let allAcked: number[] = [];
    for (const killAfter of [150, 40, 300]) {
      const run = await runAndKill(file, game.id, killAfter);
      expect(run.stderr).toBe('');
      expect(run.signal).toBe('SIGKILL');
      expect(run.acked.length).toBeGreaterThanOrEqual(killAfter);
      allAcked = [...allAcked, ...run.acked];

      const store = must(await openStore(file));
      const loaded = must(await store.loadGame(game.id));
      const last = allAcked[allAcked.length - 1]!;
      // Every acknowledged append is there; at most the one in flight (committed, not yet printed) is extra.
      expect(loaded.game.lastSeq).toBeGreaterThanOrEqual(last);
      expect(loaded.game.lastSeq).toBeLessThanOrEqual(last + 1);
      expect(loaded.actions.map((a) => a.seq)).toEqual(Array.from({ length: loaded.game.lastSeq }, (_, i) => i + 1));
      for (const a of loaded.actions) expect(a.action).toEqual(expectedAction(a.seq));
      // The acknowledged seqs were contiguous too (the child never skipped one).
      expect(allAcked).toEqual(Array.from({ length: allAcked.length }, (_, i) => i + 1));
      await store.close();
      // If the in-flight append did commit, the next round's child starts after it (from the database, not its ACKs).
      allAcked = Array.from({ length: loaded.game.lastSeq }, (_, i) => i + 1);
    }
  }, 60_000);
});
