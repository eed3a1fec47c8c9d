import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { identityTokenExchanges } from '@bof/db/schema';
import { newToken, sha256 } from '../security/codes';

/**
 * Kratos's session token exchanger: a native flow created with `return_session_token_exchange_code=true`
 * gets an init code; when its sign-in completes in a browser, the session is bound here and the browser
 * is sent back with a return-to code; the app trades both codes for the session token, once.
 */
export function createTokenExchangeStore(db: Database) {
  return {
    /** Opens an exchanger for a native flow; returns the init code (shown once, in the flow). */
    async open(flowId: string, now: Date): Promise<string> {
      const initCode = newToken();
      await db
        .insert(identityTokenExchanges)
        .values({ id: randomUUID(), flowId, initCodeHash: sha256(initCode), createdAt: now });
      return initCode;
    },

    /** Whether the flow hands its session over through an exchanger. */
    async has(flowId: string): Promise<boolean> {
      const rows = await db
        .select({ id: identityTokenExchanges.id })
        .from(identityTokenExchanges)
        .where(eq(identityTokenExchanges.flowId, flowId))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Makes the return-to code for the browser's redirect, binding the flow's new session (and its token,
     * kept until fetched) when the sign-in succeeded; undefined when the flow has no exchanger.
     */
    async complete(
      flowId: string,
      session: { id: string; token: string } | undefined,
    ): Promise<string | undefined> {
      const returnToCode = newToken();
      const rows = await db
        .update(identityTokenExchanges)
        .set({
          returnToCodeHash: sha256(returnToCode),
          sessionId: session?.id ?? null,
          sessionToken: session?.token ?? null,
        })
        .where(eq(identityTokenExchanges.flowId, flowId))
        .returning({ id: identityTokenExchanges.id });
      return rows.length ? returnToCode : undefined;
    },

    /** The exchanger follows the sign-in to another flow (account linking continues on a login flow). */
    async move(fromFlowId: string, toFlowId: string): Promise<void> {
      await db
        .update(identityTokenExchanges)
        .set({ flowId: toFlowId })
        .where(eq(identityTokenExchanges.flowId, fromFlowId));
    },

    /**
     * Trades the two codes for the session: `ready` with the token (which is forgotten in the same
     * statement, so it is handed out once), `pending` with the flow when the codes are right but the
     * sign-in did not complete, `unknown` otherwise.
     */
    async exchange(
      initCode: string,
      returnToCode: string,
    ): Promise<
      | { kind: 'ready'; sessionId: string; token: string }
      | { kind: 'pending'; flowId: string }
      | { kind: 'unknown' }
    > {
      const initHash = sha256(initCode);
      const returnHash = sha256(returnToCode);
      const taken = (await db.execute(sql`
        UPDATE ${identityTokenExchanges} AS t SET session_token = NULL
        FROM (
          SELECT id, session_token FROM ${identityTokenExchanges}
          WHERE init_code_hash = ${initHash} AND return_to_code_hash = ${returnHash}
            AND session_id IS NOT NULL AND session_token IS NOT NULL
          FOR UPDATE
        ) AS old
        WHERE t.id = old.id
        RETURNING t.session_id, old.session_token`)) as unknown as {
        rows: { session_id: string; session_token: string }[];
      };
      const row = taken.rows[0];
      if (row) return { kind: 'ready', sessionId: row.session_id, token: row.session_token };
      const [pending] = await db
        .select({ flowId: identityTokenExchanges.flowId })
        .from(identityTokenExchanges)
        .where(
          and(
            eq(identityTokenExchanges.initCodeHash, initHash),
            eq(identityTokenExchanges.returnToCodeHash, returnHash),
            isNull(identityTokenExchanges.sessionId),
          ),
        );
      return pending ? { kind: 'pending', flowId: pending.flowId } : { kind: 'unknown' };
    },
  };
}

export type TokenExchangeStore = ReturnType<typeof createTokenExchangeStore>;
