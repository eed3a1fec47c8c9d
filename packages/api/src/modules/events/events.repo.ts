import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { eventOrders, events, eventTickets, eventTicketTypes } from '@bof/db/schema';

export type EventRow = typeof events.$inferSelect;
export type TicketTypeRow = typeof eventTicketTypes.$inferSelect;
export type OrderRow = typeof eventOrders.$inferSelect;
export type TicketRow = typeof eventTickets.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
export type NewTicketType = typeof eventTicketTypes.$inferInsert;

/** A pending attempt younger than this is a request in flight (the provider times out at 20 s). */
export const ORDER_IN_FLIGHT_SECONDS = 60;

/** What opening an order under a purchase key came to. */
export type OpenOrder =
  | { kind: 'opened'; order: OrderRow }
  | { kind: 'sold-out' }
  /** The key is taken by an attempt that is in flight, settled, or asked for something else. */
  | { kind: 'taken'; order: OrderRow };

/** The only place that builds the events module's queries. */
export function createEventsRepo(db: Database) {
  return {
    db,

    async insertEvent(event: NewEvent, types: NewTicketType[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(events)
          .values(event)
          .onConflictDoNothing()
          .returning({ id: events.id });
        if (inserted.length === 0) return false;
        if (types.length > 0) await tx.insert(eventTicketTypes).values(types);
        return true;
      });
    },

    async publishedEvents(): Promise<EventRow[]> {
      return db.select().from(events).where(eq(events.published, true)).orderBy(asc(events.startsAt));
    },

    async eventBySlug(slug: string): Promise<EventRow | null> {
      const [row] = await db.select().from(events).where(eq(events.slug, slug));
      return row ?? null;
    },

    async eventById(id: string): Promise<EventRow | null> {
      const [row] = await db.select().from(events).where(eq(events.id, id));
      return row ?? null;
    },

    async ticketTypesOf(eventIds: string[]): Promise<TicketTypeRow[]> {
      if (eventIds.length === 0) return [];
      return db
        .select()
        .from(eventTicketTypes)
        .where(inArray(eventTicketTypes.eventId, eventIds))
        .orderBy(asc(eventTicketTypes.eventId), asc(eventTicketTypes.position));
    },

    async ticketType(id: string): Promise<{ type: TicketTypeRow; event: EventRow } | null> {
      const [row] = await db
        .select({ type: eventTicketTypes, event: events })
        .from(eventTicketTypes)
        .innerJoin(events, eq(events.id, eventTicketTypes.eventId))
        .where(eq(eventTicketTypes.id, id));
      return row ?? null;
    },

    async orderByKey(purchaseKey: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(eventOrders).where(eq(eventOrders.purchaseKey, purchaseKey));
      return row ?? null;
    },

    async order(orderId: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(eventOrders).where(eq(eventOrders.id, orderId));
      return row ?? null;
    },

    /**
     * Takes `quantity` tickets of the type and opens the order under its purchase key, in one
     * transaction: the conditional update takes stock only while `sold + quantity <= quantity`, so
     * concurrent buyers can never oversell; a key whose earlier attempt ended without a charge
     * (3-D Secure asked, provider unreachable) or died in flight is taken again, by one request only.
     */
    async openOrder(input: {
      id: string;
      purchaseKey: string;
      userId: string;
      email: string;
      eventId: string;
      ticketTypeId: string;
      quantity: number;
      currency: string;
      amount: number;
      memberDiscountPercent: number;
    }): Promise<OpenOrder> {
      return db.transaction(async (tx) => {
        const retried = await tx
          .update(eventOrders)
          .set({ status: 'pending', amount: input.amount, message: null, updatedAt: sql`now()` })
          .where(
            and(
              eq(eventOrders.purchaseKey, input.purchaseKey),
              eq(eventOrders.userId, input.userId),
              eq(eventOrders.ticketTypeId, input.ticketTypeId),
              eq(eventOrders.quantity, input.quantity),
              eq(eventOrders.currency, input.currency),
              sql`(${eventOrders.status} in ('challenge', 'failed') or (${eventOrders.status} = 'pending' and ${eventOrders.updatedAt} < now() - make_interval(secs => ${ORDER_IN_FLIGHT_SECONDS})))`,
            ),
          )
          .returning();
        let order = retried[0];
        if (!order) {
          const inserted = await tx
            .insert(eventOrders)
            .values({ ...input, status: 'pending', holdsStock: false })
            .onConflictDoNothing()
            .returning();
          order = inserted[0];
        }
        // A retry of an attempt that died in flight still holds its stock: it is not taken twice.
        if (order?.holdsStock) return { kind: 'opened', order };
        if (!order) {
          const [taken] = await tx
            .select()
            .from(eventOrders)
            .where(eq(eventOrders.purchaseKey, input.purchaseKey));
          return { kind: 'taken', order: taken! };
        }
        const took = await tx
          .update(eventTicketTypes)
          .set({ sold: sql`${eventTicketTypes.sold} + ${input.quantity}` })
          .where(
            and(
              eq(eventTicketTypes.id, input.ticketTypeId),
              sql`${eventTicketTypes.sold} + ${input.quantity} <= ${eventTicketTypes.quantity}`,
            ),
          )
          .returning({ id: eventTicketTypes.id });
        if (took.length === 0) {
          // Nothing taken: the order is closed as refused, so its key answers the same next time.
          await tx
            .update(eventOrders)
            .set({ status: 'failed', message: 'sold_out', updatedAt: sql`now()` })
            .where(eq(eventOrders.id, order.id));
          return { kind: 'sold-out' };
        }
        const [held] = await tx
          .update(eventOrders)
          .set({ holdsStock: true })
          .where(eq(eventOrders.id, order.id))
          .returning();
        return { kind: 'opened', order: held! };
      });
    },

    /**
     * Closes an unpaid order (`declined`, `challenge`, `failed`) and gives its stock back, once: the
     * order's `holds_stock` flag is cleared by the same conditional update that finds its quantity.
     */
    async closeUnpaid(orderId: string, status: 'declined' | 'challenge' | 'failed', message: string | null) {
      await db.transaction(async (tx) => {
        const [order] = await tx
          .update(eventOrders)
          .set({ status, message, holdsStock: false, updatedAt: sql`now()` })
          .where(and(eq(eventOrders.id, orderId), eq(eventOrders.holdsStock, true)))
          .returning();
        if (order) await giveBack(tx, order.ticketTypeId, order.quantity);
      });
    },

    /**
     * Marks the order paid and writes its tickets; `then` runs in the same transaction (the order
     * e-mail through the outbox), so the tickets and their e-mail commit together.
     */
    async settlePaid(
      input: { orderId: string; chargeId: string; tickets: { id: string; code: string }[] },
      then: (tx: Database, order: OrderRow, tickets: TicketRow[]) => Promise<void>,
    ): Promise<{ order: OrderRow; tickets: TicketRow[] }> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .update(eventOrders)
          .set({ status: 'paid', chargeId: input.chargeId, message: null, updatedAt: sql`now()` })
          .where(and(eq(eventOrders.id, input.orderId), eq(eventOrders.status, 'pending')))
          .returning();
        if (!order) throw new Error(`Order ${input.orderId} was not pending when its charge went through.`);
        const tickets = await tx
          .insert(eventTickets)
          .values(
            input.tickets.map((t, position) => ({
              id: t.id,
              orderId: order.id,
              eventId: order.eventId,
              position,
              code: t.code,
            })),
          )
          .returning();
        await then(tx, order, tickets);
        return { order, tickets };
      });
    },

    async ticketsOf(orderIds: string[]): Promise<TicketRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(eventTickets)
        .where(inArray(eventTickets.orderId, orderIds))
        .orderBy(asc(eventTickets.orderId), asc(eventTickets.position));
    },

    /** The reader's paid and refunded orders, newest first. */
    async ordersOf(userId: string): Promise<OrderRow[]> {
      return db
        .select()
        .from(eventOrders)
        .where(and(eq(eventOrders.userId, userId), inArray(eventOrders.status, ['paid', 'refunded'])))
        .orderBy(desc(eventOrders.createdAt));
    },

    /** An event's paid and refunded orders, newest first (the admins' view). */
    async ordersOfEvent(eventId: string): Promise<OrderRow[]> {
      return db
        .select()
        .from(eventOrders)
        .where(and(eq(eventOrders.eventId, eventId), inArray(eventOrders.status, ['paid', 'refunded'])))
        .orderBy(desc(eventOrders.createdAt));
    },

    /**
     * Admits the ticket: sets `admitted_at` only while it is null, the ticket is for `eventId` and its
     * order is paid, so two scans at two doors admit it once. Null when nothing was admitted.
     */
    async admit(ticketId: string, eventId: string, by: string): Promise<TicketRow | null> {
      const [row] = await db
        .update(eventTickets)
        .set({ admittedAt: sql`now()`, admittedBy: by })
        .where(
          and(
            eq(eventTickets.id, ticketId),
            eq(eventTickets.eventId, eventId),
            isNull(eventTickets.admittedAt),
            sql`exists (select 1 from ${eventOrders} where ${eventOrders.id} = ${eventTickets.orderId} and ${eventOrders.status} = 'paid')`,
          ),
        )
        .returning();
      return row ?? null;
    },

    async ticket(ticketId: string): Promise<{ ticket: TicketRow; order: OrderRow } | null> {
      const [row] = await db
        .select({ ticket: eventTickets, order: eventOrders })
        .from(eventTickets)
        .innerJoin(eventOrders, eq(eventOrders.id, eventTickets.orderId))
        .where(eq(eventTickets.id, ticketId));
      return row ?? null;
    },

    /** Marks a paid order refunded and gives its stock back, once; null when it was not paid. */
    async markRefunded(orderId: string, by: string): Promise<OrderRow | null> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .update(eventOrders)
          .set({
            status: 'refunded',
            holdsStock: false,
            refundedAt: sql`now()`,
            refundedBy: by,
            updatedAt: sql`now()`,
          })
          .where(and(eq(eventOrders.id, orderId), eq(eventOrders.status, 'paid')))
          .returning();
        // A paid order always holds its stock: it goes back to the type with the refund.
        if (!order) return null;
        await giveBack(tx, order.ticketTypeId, order.quantity);
        return order;
      });
    },
  };
}

async function giveBack(tx: Database, ticketTypeId: string, quantity: number) {
  await tx
    .update(eventTicketTypes)
    .set({ sold: sql`${eventTicketTypes.sold} - ${quantity}` })
    .where(eq(eventTicketTypes.id, ticketTypeId));
}

export type EventsRepo = ReturnType<typeof createEventsRepo>;
