import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { identitySessions } from '@bof/db/schema';
import { newToken, sha256 } from '../security/codes';

export interface AuthenticationMethod {
  method: string;
  aal: 'aal1' | 'aal2';
  completed_at: string;
  provider?: string;
}

export interface SessionDevice {
  id: string;
  ip_address?: string;
  user_agent?: string;
  location?: string;
}

export interface SessionRecord {
  id: string;
  identityId: string;
  active: boolean;
  aal: string;
  authenticationMethods: AuthenticationMethod[];
  devices: SessionDevice[];
  authenticatedAt: Date;
  issuedAt: Date;
  expiresAt: Date;
}

const toRecord = (row: typeof identitySessions.$inferSelect): SessionRecord => ({
  id: row.id,
  identityId: row.identityId,
  active: row.active,
  aal: row.aal,
  authenticationMethods: row.authenticationMethods as AuthenticationMethod[],
  devices: row.devices as SessionDevice[],
  authenticatedAt: row.authenticatedAt,
  issuedAt: row.issuedAt,
  expiresAt: row.expiresAt,
});

/** Sessions; the store keeps SHA-256 hashes of session and logout tokens, never the tokens. */
export function createSessionStore(db: Database) {
  return {
    async create(input: {
      identityId: string;
      method: AuthenticationMethod;
      device: Omit<SessionDevice, 'id'>;
      now: Date;
      lifespanSeconds: number;
    }): Promise<{ session: SessionRecord; token: string; logoutToken: string }> {
      const token = newToken('ory_st_');
      const logoutToken = newToken('ory_lo_');
      const [row] = await db
        .insert(identitySessions)
        .values({
          id: randomUUID(),
          tokenHash: sha256(token),
          logoutTokenHash: sha256(logoutToken),
          identityId: input.identityId,
          active: true,
          aal: 'aal1',
          authenticationMethods: [input.method],
          devices: [{ id: randomUUID(), ...input.device }],
          authenticatedAt: input.now,
          issuedAt: input.now,
          expiresAt: new Date(input.now.getTime() + input.lifespanSeconds * 1000),
        })
        .returning();
      return { session: toRecord(row!), token, logoutToken };
    },

    /** The active, unexpired session a token opens. */
    async findByToken(token: string, now: Date): Promise<SessionRecord | undefined> {
      const [row] = await db
        .select()
        .from(identitySessions)
        .where(
          and(
            eq(identitySessions.tokenHash, sha256(token)),
            eq(identitySessions.active, true),
            gt(identitySessions.expiresAt, now),
          ),
        );
      return row ? toRecord(row) : undefined;
    },

    async findByLogoutToken(logoutToken: string): Promise<SessionRecord | undefined> {
      const [row] = await db
        .select()
        .from(identitySessions)
        .where(eq(identitySessions.logoutTokenHash, sha256(logoutToken)));
      return row ? toRecord(row) : undefined;
    },

    /** A new logout token for a session (each `logout/browser` call issues one). */
    async rotateLogoutToken(sessionId: string): Promise<string> {
      const logoutToken = newToken('ory_lo_');
      await db
        .update(identitySessions)
        .set({ logoutTokenHash: sha256(logoutToken) })
        .where(eq(identitySessions.id, sessionId));
      return logoutToken;
    },

    /** Records a further sign-in method on an existing session (a refresh). */
    async refresh(sessionId: string, method: AuthenticationMethod, now: Date, lifespanSeconds: number) {
      await db
        .update(identitySessions)
        .set({
          authenticatedAt: now,
          expiresAt: new Date(now.getTime() + lifespanSeconds * 1000),
          authenticationMethods: sql`${identitySessions.authenticationMethods} || ${JSON.stringify([method])}::jsonb`,
        })
        .where(eq(identitySessions.id, sessionId));
    },

    async revoke(sessionId: string): Promise<void> {
      await db.update(identitySessions).set({ active: false }).where(eq(identitySessions.id, sessionId));
    },

    /** Revokes one session of an identity; false when it is not theirs or not active. */
    async revokeOwn(identityId: string, sessionId: string): Promise<boolean> {
      const rows = await db
        .update(identitySessions)
        .set({ active: false })
        .where(
          and(
            eq(identitySessions.id, sessionId),
            eq(identitySessions.identityId, identityId),
            eq(identitySessions.active, true),
          ),
        )
        .returning({ id: identitySessions.id });
      return rows.length > 0;
    },

    /** Revokes every other active session of the identity; returns how many. */
    async revokeOthers(identityId: string, keepSessionId: string): Promise<number> {
      const rows = await db
        .update(identitySessions)
        .set({ active: false })
        .where(
          and(
            eq(identitySessions.identityId, identityId),
            ne(identitySessions.id, keepSessionId),
            eq(identitySessions.active, true),
          ),
        )
        .returning({ id: identitySessions.id });
      return rows.length;
    },

    /** The identity's other active sessions, newest first, one page (plus one to know if more exist). */
    async listOthers(
      identityId: string,
      currentSessionId: string,
      now: Date,
      pageSize: number,
      offset: number,
    ) {
      const rows = await db
        .select()
        .from(identitySessions)
        .where(
          and(
            eq(identitySessions.identityId, identityId),
            ne(identitySessions.id, currentSessionId),
            eq(identitySessions.active, true),
            gt(identitySessions.expiresAt, now),
          ),
        )
        .orderBy(desc(identitySessions.authenticatedAt), desc(identitySessions.id))
        .limit(pageSize + 1)
        .offset(offset);
      return rows.map(toRecord);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
