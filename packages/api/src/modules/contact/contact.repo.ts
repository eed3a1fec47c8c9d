import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { contactEnquiries } from '@bof/db/schema';
import type { Enquiry } from './contact.inputs';

export interface StoredEnquiry extends Enquiry {
  id: string;
  userId: string | null;
  senderIp: string | null;
  createdAt: Date;
}

/** How many enquiries may be sent since `since`: per e-mail address, and per sending address (IP). */
export interface EnquiryLimits {
  since: Date;
  perEmail: number;
  perSender: number;
}

// One lock for all enquiries: they are few, and checking the limits then writing must not interleave.
const ENQUIRY_LOCK = 727_301;

/** The only place that builds contact enquiry queries. */
export function createContactRepo(db: Database) {
  return {
    /**
     * Stores the enquiry unless the address or the sender has used up its limit, checking and writing in
     * one transaction under a lock, so parallel submissions cannot pass a limit together.
     */
    async insertWithinLimits(enquiry: StoredEnquiry, limits: EnquiryLimits): Promise<'stored' | 'limited'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ENQUIRY_LOCK})`);
        const email = enquiry.email.toLowerCase();
        const [byEmail] = await tx
          .select({ n: count() })
          .from(contactEnquiries)
          .where(and(eq(contactEnquiries.email, email), gte(contactEnquiries.createdAt, limits.since)));
        if ((byEmail?.n ?? 0) >= limits.perEmail) return 'limited';
        if (enquiry.senderIp) {
          const [bySender] = await tx
            .select({ n: count() })
            .from(contactEnquiries)
            .where(
              and(
                eq(contactEnquiries.senderIp, enquiry.senderIp),
                gte(contactEnquiries.createdAt, limits.since),
              ),
            );
          if ((bySender?.n ?? 0) >= limits.perSender) return 'limited';
        }
        await tx.insert(contactEnquiries).values({
          id: enquiry.id,
          kind: enquiry.kind,
          name: enquiry.name,
          email,
          organisation: enquiry.organisation ?? null,
          message: enquiry.message,
          userId: enquiry.userId,
          senderIp: enquiry.senderIp,
          createdAt: enquiry.createdAt,
        });
        return 'stored';
      });
    },

    /** Enquiries sent from this e-mail address since `since`. */
    async countFrom(email: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(contactEnquiries)
        .where(and(eq(contactEnquiries.email, email.toLowerCase()), gte(contactEnquiries.createdAt, since)));
      return row?.n ?? 0;
    },

    async find(id: string): Promise<StoredEnquiry | undefined> {
      const [row] = await db.select().from(contactEnquiries).where(eq(contactEnquiries.id, id));
      return row ? { ...row, kind: row.kind as Enquiry['kind'] } : undefined;
    },
  };
}

export type ContactRepo = ReturnType<typeof createContactRepo>;
