import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { identityCodes, identityErrors, identityFlows } from '@bof/db/schema';
import { randomUUID } from 'node:crypto';
import { hashCode } from '../security/codes';
import type { UiContainer } from '../ui/ui-types';

export type FlowType = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

/** Server-side state of a flow that the client never sees. */
export interface FlowInternal {
  refresh?: boolean;
  requestedAal?: string;
  /** The address a code was sent to, and the traits given at a code registration. */
  codeAddress?: string;
  codeTraits?: Record<string, unknown>;
  /** Native flows started with `return_session_token_exchange_code=true` hand their session over. */
  tokenExchange?: boolean;
  /** Social sign-in under way: what the callback must find again (used once, then removed). */
  oidc?: { provider: string; state: string; nonce: string; codeVerifier: string };
  /**
   * Account linking (Kratos's duplicate credentials): a social sign-in met an identity holding its
   * e-mail; signing in to that identity with `identifier` adds the provider's credential to it.
   */
  linkCredentials?: { identifier: string; provider: string; subject: string };
}

export interface FlowRecord {
  id: string;
  flowType: FlowType;
  kind: 'browser' | 'api';
  state: string;
  requestUrl: string;
  returnTo: string | null;
  csrfToken: string;
  identityId: string | null;
  internal: FlowInternal;
  ui: UiContainer;
  issuedAt: Date;
  expiresAt: Date;
  updatedAt: Date;
}

const toRecord = (row: typeof identityFlows.$inferSelect): FlowRecord => ({
  id: row.id,
  flowType: row.flowType as FlowType,
  kind: row.kind,
  state: row.state,
  requestUrl: row.requestUrl,
  returnTo: row.returnTo,
  csrfToken: row.csrfToken,
  identityId: row.identityId,
  internal: row.internal as FlowInternal,
  ui: row.ui as UiContainer,
  issuedAt: row.issuedAt,
  expiresAt: row.expiresAt,
  updatedAt: row.updatedAt,
});

/** Flows, their one-time codes, and self-service errors; `secret` keys the codes' HMACs. */
export function createFlowStore(db: Database, secret: string) {
  return {
    async insert(flow: FlowRecord): Promise<void> {
      await db.insert(identityFlows).values({ ...flow, createdAt: flow.issuedAt });
    },

    async find(id: string | undefined | null, type: FlowType): Promise<FlowRecord | undefined> {
      if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const [row] = await db
        .select()
        .from(identityFlows)
        .where(and(eq(identityFlows.id, id), eq(identityFlows.flowType, type)));
      return row ? toRecord(row) : undefined;
    },

    async save(flow: FlowRecord, now: Date): Promise<void> {
      await db
        .update(identityFlows)
        .set({
          state: flow.state,
          ui: flow.ui,
          internal: flow.internal,
          identityId: flow.identityId,
          returnTo: flow.returnTo,
          updatedAt: now,
        })
        .where(eq(identityFlows.id, flow.id));
    },

    /** Stores a code for a flow; earlier unused codes of the flow stop working. */
    async addCode(
      flowId: string,
      address: string,
      code: string,
      identityId: string | null,
      expiresAt: Date,
      now: Date,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .update(identityCodes)
          .set({ usedAt: now })
          .where(and(eq(identityCodes.flowId, flowId), isNull(identityCodes.usedAt)));
        await tx.insert(identityCodes).values({
          id: randomUUID(),
          flowId,
          address,
          codeHash: hashCode(secret, flowId, code),
          identityId,
          expiresAt,
          createdAt: now,
        });
      });
    },

    /**
     * Counts one code submission on the flow and returns the count, in one atomic statement, so parallel
     * submissions each see their own number and no more than the limit are ever checked.
     */
    async countCodeSubmission(flowId: string): Promise<number> {
      const rows = await db
        .update(identityFlows)
        .set({ submitCount: sql`${identityFlows.submitCount} + 1` })
        .where(eq(identityFlows.id, flowId))
        .returning({ submitCount: identityFlows.submitCount });
      return rows[0]?.submitCount ?? Number.MAX_SAFE_INTEGER;
    },

    /**
     * Uses the flow's code if it matches: `ok` once only (the update is the check), `expired` when it
     * matched but is past its time, `invalid` otherwise (wrong, used or never sent).
     */
    async useCode(
      flowId: string,
      code: string,
      now: Date,
    ): Promise<{ result: 'ok' | 'expired' | 'invalid'; address?: string; identityId?: string | null }> {
      const rows = await db
        .update(identityCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(identityCodes.flowId, flowId),
            eq(identityCodes.codeHash, hashCode(secret, flowId, code)),
            isNull(identityCodes.usedAt),
          ),
        )
        .returning({
          address: identityCodes.address,
          expiresAt: identityCodes.expiresAt,
          identityId: identityCodes.identityId,
        });
      const row = rows[0];
      if (!row) return { result: 'invalid' };
      if (row.expiresAt.getTime() <= now.getTime()) return { result: 'expired' };
      return { result: 'ok', address: row.address, identityId: row.identityId };
    },

    async addError(error: Record<string, unknown>, now: Date): Promise<string> {
      const id = randomUUID();
      await db.insert(identityErrors).values({ id, error, createdAt: now });
      return id;
    },

    async findError(id: string) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const [row] = await db.select().from(identityErrors).where(eq(identityErrors.id, id));
      return row;
    },

    /**
     * Deletes flows that expired more than a day ago (their codes and token exchanges go with them) and
     * errors older than a day. Returns how many rows of each went.
     */
    async prune(now: Date): Promise<{ flows: number; errors: number }> {
      const dayAgo = new Date(now.getTime() - 86_400_000);
      const flows = await db
        .delete(identityFlows)
        .where(lt(identityFlows.expiresAt, dayAgo))
        .returning({ id: identityFlows.id });
      const errors = await db
        .delete(identityErrors)
        .where(lt(identityErrors.createdAt, dayAgo))
        .returning({ id: identityErrors.id });
      return { flows: flows.length, errors: errors.length };
    },
  };
}

export type FlowStore = ReturnType<typeof createFlowStore>;
