import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { identityAddresses, identityIdentities, identitySessions } from '@bof/db/schema';
import { newToken, sha256 } from '../security/codes';
import { announceChange } from './change-bus';
import type { AddressRecord, IdentityRecord, Traits } from './identity-store';

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

/** What whoami needs about a session's identity: no credentials (the public API never shows them). */
export type WhoamiIdentity = Omit<IdentityRecord, 'credentials'>;

interface AddressJson {
  id: string;
  kind: 'verifiable' | 'recovery';
  via: string;
  value: string;
  verified: boolean;
  status: string;
  verified_at: string | null;
  created_at: string;
  updated_at: string;
}

const addressFromJson = (a: AddressJson): AddressRecord => ({
  id: a.id,
  kind: a.kind,
  via: a.via,
  value: a.value,
  verified: a.verified,
  status: a.status,
  verifiedAt: a.verified_at ? new Date(a.verified_at) : null,
  createdAt: new Date(a.created_at),
  updatedAt: new Date(a.updated_at),
});

/** Sessions; the store keeps SHA-256 hashes of session tokens, never the tokens. */
export function createSessionStore(db: Database) {
  const changed = (ids: string[]) => {
    for (const id of ids) announceChange(db, { kind: 'session', id });
  };

  // whoami in one statement, prepared once: the session and its identity, with the addresses as JSON.
  const whoami = db
    .select({
      session: identitySessions,
      identity: {
        id: identityIdentities.id,
        schemaId: identityIdentities.schemaId,
        state: identityIdentities.state,
        traits: identityIdentities.traits,
        metadataPublic: identityIdentities.metadataPublic,
        createdAt: identityIdentities.createdAt,
        updatedAt: identityIdentities.updatedAt,
      },
      addresses: sql<AddressJson[] | string>`(
        select coalesce(json_agg(json_build_object(
          'id', a.id, 'kind', a.kind, 'via', a.via, 'value', a.value, 'verified', a.verified,
          'status', a.status, 'verified_at', a.verified_at, 'created_at', a.created_at,
          'updated_at', a.updated_at) order by a.created_at, a.kind), '[]'::json)
        from ${identityAddresses} a where a.identity_id = ${identityIdentities.id})`,
    })
    .from(identitySessions)
    .innerJoin(identityIdentities, eq(identityIdentities.id, identitySessions.identityId))
    .where(
      and(
        eq(identitySessions.tokenHash, sql.placeholder('tokenHash')),
        eq(identitySessions.active, true),
        gt(identitySessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('identity_whoami');

  return {
    async create(input: {
      identityId: string;
      /** The methods the sign-in completed, in order (a linking sign-in adds the provider's). */
      methods: AuthenticationMethod[];
      device: Omit<SessionDevice, 'id'>;
      now: Date;
      lifespanSeconds: number;
    }): Promise<{ session: SessionRecord; token: string }> {
      const token = newToken('ory_st_');
      const [row] = await db
        .insert(identitySessions)
        .values({
          id: randomUUID(),
          tokenHash: sha256(token),
          identityId: input.identityId,
          active: true,
          aal: 'aal1',
          authenticationMethods: input.methods,
          devices: [{ id: randomUUID(), ...input.device }],
          authenticatedAt: input.now,
          issuedAt: input.now,
          expiresAt: new Date(input.now.getTime() + input.lifespanSeconds * 1000),
        })
        .returning();
      return { session: toRecord(row!), token };
    },

    /**
     * The active, unexpired session a token hash opens, with its identity (no credentials), in one
     * prepared statement: what whoami answers.
     */
    async findForWhoami(
      tokenHash: string,
      now: Date,
    ): Promise<{ session: SessionRecord; identity: WhoamiIdentity } | undefined> {
      const [row] = await whoami.execute({ tokenHash, now });
      if (!row) return undefined;
      const raw =
        typeof row.addresses === 'string' ? (JSON.parse(row.addresses) as AddressJson[]) : row.addresses;
      return {
        session: toRecord(row.session),
        identity: {
          ...row.identity,
          traits: row.identity.traits as Traits,
          addresses: raw.map(addressFromJson),
        },
      };
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
      changed([sessionId]);
    },

    async revoke(sessionId: string): Promise<void> {
      await db.update(identitySessions).set({ active: false }).where(eq(identitySessions.id, sessionId));
      changed([sessionId]);
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
      changed(rows.map((r) => r.id));
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
      changed(rows.map((r) => r.id));
      return rows.length;
    },

    /** The identity's other active sessions, newest first, one page, and how many there are in all. */
    async listOthers(
      identityId: string,
      currentSessionId: string,
      now: Date,
      pageSize: number,
      offset: number,
    ): Promise<{ sessions: SessionRecord[]; total: number }> {
      const others = and(
        eq(identitySessions.identityId, identityId),
        ne(identitySessions.id, currentSessionId),
        eq(identitySessions.active, true),
        gt(identitySessions.expiresAt, now),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(identitySessions)
          .where(others)
          .orderBy(desc(identitySessions.authenticatedAt), desc(identitySessions.id))
          .limit(pageSize)
          .offset(offset),
        db.select({ n: count() }).from(identitySessions).where(others),
      ]);
      return { sessions: rows.map(toRecord), total: Number(total?.n ?? 0) };
    },

    /** Deletes sessions that expired more than a day ago (revoked ones keep their expiry); how many. */
    async prune(now: Date): Promise<number> {
      const rows = await db
        .delete(identitySessions)
        .where(lt(identitySessions.expiresAt, new Date(now.getTime() - 86_400_000)))
        .returning({ id: identitySessions.id });
      return rows.length;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
