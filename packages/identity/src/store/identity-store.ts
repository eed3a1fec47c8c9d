import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { identityAddresses, identityCredentials, identityIdentities } from '@bof/db/schema';
import { announceChange } from './change-bus';

export interface Traits {
  email: string;
  name?: { first?: string; last?: string };
}

export interface AddressRecord {
  id: string;
  kind: 'verifiable' | 'recovery';
  via: string;
  value: string;
  verified: boolean;
  status: string;
  verifiedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface CredentialRecord {
  id: string;
  type: string;
  identifier: string;
  config: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

export interface IdentityRecord {
  id: string;
  schemaId: string;
  state: string;
  traits: Traits;
  metadataPublic: unknown;
  createdAt: Date;
  updatedAt: Date;
  addresses: AddressRecord[];
  credentials: CredentialRecord[];
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Identities, their credentials and addresses (Kratos's identity pool), on Drizzle. */
export function createIdentityStore(db: Database) {
  const changed = (identityId: string) => announceChange(db, { kind: 'identity', id: identityId });

  async function load(ids: string[]): Promise<IdentityRecord[]> {
    if (ids.length === 0) return [];
    const [rows, creds, addrs] = await Promise.all([
      db.select().from(identityIdentities).where(inArray(identityIdentities.id, ids)),
      db.select().from(identityCredentials).where(inArray(identityCredentials.identityId, ids)),
      db.select().from(identityAddresses).where(inArray(identityAddresses.identityId, ids)),
    ]);
    return rows.map((row) => ({
      id: row.id,
      schemaId: row.schemaId,
      state: row.state,
      traits: row.traits as Traits,
      metadataPublic: row.metadataPublic,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      credentials: creds
        .filter((c) => c.identityId === row.id)
        .map((c) => ({ ...c, config: c.config as Record<string, unknown> })),
      addresses: addrs
        .filter((a) => a.identityId === row.id)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    }));
  }

  const store = {
    async findById(id: string): Promise<IdentityRecord | undefined> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      return (await load([id]))[0];
    },

    /** The identity holding a credential of this type for this identifier. */
    async findByCredential(type: string, identifier: string): Promise<IdentityRecord | undefined> {
      const [row] = await db
        .select({ identityId: identityCredentials.identityId })
        .from(identityCredentials)
        .where(and(eq(identityCredentials.type, type), eq(identityCredentials.identifier, identifier)));
      return row ? (await load([row.identityId]))[0] : undefined;
    },

    /**
     * The id of the identity whose address is this e-mail: one indexed read whether or not there is one,
     * for the answers that must cost the same either way (recovery, code login).
     */
    async findIdByEmail(email: string): Promise<string | undefined> {
      const [row] = await db
        .select({ identityId: identityAddresses.identityId })
        .from(identityAddresses)
        .where(eq(identityAddresses.value, normaliseEmail(email)))
        .limit(1);
      return row?.identityId;
    },

    /** The identity whose verifiable or recovery address is this e-mail. */
    async findByEmail(email: string): Promise<IdentityRecord | undefined> {
      const [row] = await db
        .select({ identityId: identityAddresses.identityId })
        .from(identityAddresses)
        .where(eq(identityAddresses.value, normaliseEmail(email)))
        .limit(1);
      return row ? (await load([row.identityId]))[0] : undefined;
    },

    /**
     * Creates an identity with its e-mail as verifiable and recovery address and the given credentials.
     * Returns undefined when a credential identifier is taken (the unique index decides, not a read).
     */
    async create(input: {
      traits: Traits;
      verified: boolean;
      credentials: { type: string; identifier: string; config: Record<string, unknown> }[];
      now: Date;
    }): Promise<IdentityRecord | undefined> {
      const id = randomUUID();
      const email = normaliseEmail(input.traits.email);
      try {
        await db.transaction(async (tx) => {
          await tx.insert(identityIdentities).values({
            id,
            schemaId: 'default',
            state: 'active',
            traits: { ...input.traits, email },
            metadataPublic: null,
            createdAt: input.now,
            updatedAt: input.now,
          });
          await tx.insert(identityAddresses).values([
            {
              id: randomUUID(),
              identityId: id,
              kind: 'verifiable',
              value: email,
              verified: input.verified,
              status: input.verified ? 'completed' : 'pending',
              verifiedAt: input.verified ? input.now : null,
              createdAt: input.now,
              updatedAt: input.now,
            },
            {
              id: randomUUID(),
              identityId: id,
              kind: 'recovery',
              value: email,
              createdAt: input.now,
              updatedAt: input.now,
            },
          ]);
          for (const c of input.credentials)
            await tx.insert(identityCredentials).values({
              id: randomUUID(),
              identityId: id,
              type: c.type,
              identifier: c.identifier,
              config: c.config,
              createdAt: input.now,
              updatedAt: input.now,
            });
        });
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
      return (await load([id]))[0];
    },

    /** Adds or replaces the credential of a type for an identity (one identifier per type here). */
    async setCredential(
      identityId: string,
      type: string,
      identifier: string,
      config: Record<string, unknown>,
      now: Date,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .delete(identityCredentials)
          .where(and(eq(identityCredentials.identityId, identityId), eq(identityCredentials.type, type)));
        await tx.insert(identityCredentials).values({
          id: randomUUID(),
          identityId,
          type,
          identifier,
          config,
          createdAt: now,
          updatedAt: now,
        });
      });
      changed(identityId);
    },

    /**
     * Adds a credential beside the identity's others (a second social provider, a linked account).
     * Returns false when another identity holds this type and identifier already.
     */
    async addCredential(
      identityId: string,
      credential: { type: string; identifier: string; config: Record<string, unknown> },
      now: Date,
    ): Promise<boolean> {
      try {
        await db.insert(identityCredentials).values({
          id: randomUUID(),
          identityId,
          ...credential,
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
      changed(identityId);
      return true;
    },

    async markVerified(email: string, now: Date): Promise<string | undefined> {
      const rows = await db
        .update(identityAddresses)
        .set({ verified: true, status: 'completed', verifiedAt: now, updatedAt: now })
        .where(
          and(eq(identityAddresses.kind, 'verifiable'), eq(identityAddresses.value, normaliseEmail(email))),
        )
        .returning({ identityId: identityAddresses.identityId });
      for (const row of rows) changed(row.identityId);
      return rows[0]?.identityId;
    },

    /**
     * Changes the traits; a new e-mail replaces the addresses (unverified) and the identifiers of the
     * password and code credentials. Returns false when the new e-mail belongs to someone else.
     */
    async updateTraits(identity: IdentityRecord, traits: Traits, now: Date): Promise<boolean> {
      // The admin write with the identity's own state and metadata: a new e-mail comes out unverified.
      return store.replace(
        identity,
        { traits, state: identity.state, metadataPublic: identity.metadataPublic },
        now,
      );
    },

    /**
     * The admin API's write (Kratos `PUT`/`PATCH /admin/identities/{id}`): traits, state and public
     * metadata as given. The addresses follow the traits (the schema makes the e-mail the verifiable and
     * recovery address): an address keeps its verification when its value stays, takes `verification`
     * when the caller gives one for the new value, and is unverified otherwise. The password and code
     * credentials follow the e-mail. Returns false when the e-mail belongs to another identity.
     */
    async replace(
      identity: IdentityRecord,
      next: {
        traits: Traits;
        state: string;
        metadataPublic: unknown;
        verification?: { verified: boolean; status: string; verifiedAt: Date | null };
      },
      now: Date,
    ): Promise<boolean> {
      const email = normaliseEmail(next.traits.email);
      const current = identity.addresses.find((a) => a.kind === 'verifiable' && a.value === email);
      const verification =
        next.verification ??
        (current
          ? { verified: current.verified, status: current.status, verifiedAt: current.verifiedAt }
          : { verified: false, status: 'pending', verifiedAt: null });
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(identityIdentities)
            .set({
              traits: { ...next.traits, email },
              state: next.state,
              metadataPublic: next.metadataPublic ?? null,
              updatedAt: now,
            })
            .where(eq(identityIdentities.id, identity.id));
          await tx
            .update(identityAddresses)
            .set({ value: email, ...verification, updatedAt: now })
            .where(
              and(eq(identityAddresses.identityId, identity.id), eq(identityAddresses.kind, 'verifiable')),
            );
          await tx
            .update(identityAddresses)
            .set({ value: email, updatedAt: now })
            .where(
              and(eq(identityAddresses.identityId, identity.id), eq(identityAddresses.kind, 'recovery')),
            );
          await tx
            .update(identityCredentials)
            .set({ identifier: email, updatedAt: now })
            .where(
              and(
                eq(identityCredentials.identityId, identity.id),
                inArray(identityCredentials.type, ['password', 'code']),
              ),
            );
        });
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
      changed(identity.id);
      return true;
    },

    /**
     * Deletes the identity with its credentials, addresses and sessions (the foreign keys cascade); false
     * when there is none. Its whoami answers go at once here, and in other processes by the change feed.
     */
    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(identityIdentities)
        .where(eq(identityIdentities.id, id))
        .returning({ id: identityIdentities.id });
      if (rows.length === 0) return false;
      changed(id);
      return true;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(identityIdentities);
      return row?.n ?? 0;
    },
  };
  return store;
}

export type IdentityStore = ReturnType<typeof createIdentityStore>;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
