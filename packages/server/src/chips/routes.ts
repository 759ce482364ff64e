import type { ChipLine, ChipsReport } from '@nardy/protocol';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sessionTokenFromCookieHeader, type Accounts } from '../accounts/accounts.js';
import { fromStoreError, httpError, intParam, jsonErrors, sendError } from '../accounts/http.js';
import type { ChipEntry } from '../store/types.js';
import type { ChipsLedger } from './ledger.js';

const line = (e: ChipEntry): ChipLine => ({
  id: e.id,
  kind: e.kind,
  account: e.account.startsWith('h:') ? 'held' : 'free',
  amount: e.amount,
  gameId: e.gameId,
  at: e.createdAt,
});

/**
 * `GET /api/me/chips?limit=20`: the signed-in user's balance (free and on hold) and his latest ledger rows (limit
 * 1..100). A registered user's account is opened with the grant on the first look; a guest gets `balance: null`.
 */
export function chipsRoutes(accounts: Accounts, ledger: ChipsLedger): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    jsonErrors(app);
    app.get('/api/me/chips', async (request, reply) => {
      const limit = intParam((request.query as Record<string, unknown>)['limit'], 'limit', 1, 100, 20);
      if (!limit.ok) return sendError(reply, limit.error);
      const current = await accounts.resolve(sessionTokenFromCookieHeader(request.headers.cookie));
      if (!current.ok) return sendError(reply, httpError(current.error.code === 'UNAVAILABLE' ? 503 : 500, current.error.code, current.error.message));
      const user = current.value;
      if (!user) return sendError(reply, httpError(401, 'UNAUTHORIZED', 'not signed in'));
      if (user.isGuest) return { balance: null, grant: ledger.grant, entries: [] } satisfies ChipsReport;
      const balance = await ledger.balance(user.id);
      if (!balance.ok) return sendError(reply, fromStoreError(balance.error));
      const entries = await ledger.entries(user.id, limit.value);
      if (!entries.ok) return sendError(reply, fromStoreError(entries.error));
      return { balance: { free: balance.value.free, held: balance.value.held }, grant: ledger.grant, entries: entries.value.map(line) } satisfies ChipsReport;
    });
  };
}
