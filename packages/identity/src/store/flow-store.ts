import { and, eq, isNull, sql } from 'drizzle-orm';
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
  codeAttempts?: number;
  /** Recovery: the identity recovered once the code is right. */
  recoveredIdentityId?: string;
  /** Native flows: issue a token-exchange code on success. */
  returnSessionTokenExchangeCode?: boolean;
  exchangeInitCode?: string;
  exchangeSessionId?: string;
  exchangeSessionToken?: string;
  exchangeReturnToCode?: string;
  /** Social sign-in under way: what the callback must find again (used once, then removed). */
  oidc?: { provider: string; state: string; nonce: string; codeVerifier: string };
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

/** Flows, their one-time codes, and self-service errors. */
export function createFlowStore(db: Database) {
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
          codeHash: hashCode(flowId, code),
          identityId,
          expiresAt,
          createdAt: now,
        });
      });
    },

    /**
     * Uses the flow's code if it matches: `ok` once only (the update is the check), `expired` when it
     * matched but is past its time, `invalid` otherwise (wrong, used or never sent).
     */
    async useCode(
      flowId: string,
      code: string,
      now: Date,
    ): Promise<{ result: 'ok' | 'expired' | 'invalid'; address?: string }> {
      const rows = await db
        .update(identityCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(identityCodes.flowId, flowId),
            eq(identityCodes.codeHash, hashCode(flowId, code)),
            isNull(identityCodes.usedAt),
          ),
        )
        .returning({ address: identityCodes.address, expiresAt: identityCodes.expiresAt });
      const row = rows[0];
      if (!row) return { result: 'invalid' };
      if (row.expiresAt.getTime() <= now.getTime()) return { result: 'expired' };
      return { result: 'ok', address: row.address };
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

    /** Deletes flows that expired more than a day ago (their codes go with them). */
    async prune(now: Date): Promise<void> {
      await db
        .delete(identityFlows)
        .where(sql`${identityFlows.expiresAt} < ${new Date(now.getTime() - 86_400_000)}`);
    },
  };
}

export type FlowStore = ReturnType<typeof createFlowStore>;
