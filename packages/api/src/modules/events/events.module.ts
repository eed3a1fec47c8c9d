import type { Currency } from '@bof/config/constants';
import { opens } from '@bof/paywall/entitlements';
import type { Viewer } from '../../auth/viewer';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import type { Platform } from '../../platform/platform';
import type { Mailer } from '../email-change/email-change-mail';
import type { BillingModule } from '../billing/billing.module';
import type { ProfilesModule } from '../profiles/profiles.module';
import type { PersonProfileView } from '../profiles/profiles.types';
import { requireViewer } from '../viewer/viewer.service';
import { admitTicket } from './admit-ticket';
import { buyTickets } from './buy-tickets';
import { EventTicketError } from './events.errors';
import type { AdmitTicketInput, BuyTicketsInput } from './events.inputs';
import { createEventsRepo, type EventRow, type OrderRow, type TicketTypeRow } from './events.repo';
import { refundEventOrder } from './refund-event-order';

/** A ticket type as shown: its prices, what is left, and whether it is on sale now. */
export interface TicketTypeView {
  id: string;
  name: string;
  prices: { currency: Currency; amount: number }[];
  quantity: number;
  available: number;
  salesStartAt: Date;
  salesEndAt: Date;
  memberDiscountPercent: number;
  onSale: boolean;
}

export interface EventView extends Omit<EventRow, 'speakerProfileIds' | 'createdAt' | 'updatedAt'> {
  speakers: PersonProfileView[];
  ticketTypes: TicketTypeView[];
}

/** An order as its buyer (with ticket codes) or an admin (without) sees it. */
export interface EventOrderView {
  orderId: string;
  status: OrderRow['status'];
  quantity: number;
  currency: string;
  amount: number;
  memberDiscountPercent: number;
  createdAt: Date;
  refundedAt: Date | null;
  email: string | null;
  ticketTypeName: string;
  event: EventView;
  tickets: { code: string | null; admittedAt: Date | null }[];
}

const CURRENCY_ORDER: Currency[] = ['GBP', 'EUR', 'USD', 'INR'];

/** Ticket codes are shown to the order's buyer only; admins see who bought and what, not the codes. */
type OrderAudience = 'buyer' | 'admin';

/**
 * Builds the events module: events and their ticket types, buying tickets through the billing
 * provider (one-time charges), orders, check-in at the door and refunds. `secret` signs ticket codes.
 */
export function createEventsModule(
  platform: Pick<Platform, 'db' | 'env'>,
  deps: {
    billing: Pick<BillingModule, 'provider'>;
    profiles: Pick<ProfilesModule, 'people'>;
    mailer: Mailer;
    secret: () => string;
    now?: () => Date;
  },
) {
  const repo = createEventsRepo(platform.db);
  const now = deps.now ?? (() => new Date());
  const site = { siteUrl: platform.env.siteUrl, siteName: platform.env.siteName };

  const typeView = (type: TicketTypeRow, at: Date): TicketTypeView => ({
    id: type.id,
    name: type.name,
    prices: CURRENCY_ORDER.filter((c) => type.prices[c] !== undefined).map((currency) => ({
      currency,
      amount: type.prices[currency]!,
    })),
    quantity: type.quantity,
    available: type.quantity - type.sold,
    salesStartAt: type.salesStartAt,
    salesEndAt: type.salesEndAt,
    memberDiscountPercent: type.memberDiscountPercent,
    onSale: at >= type.salesStartAt && at < type.salesEndAt && type.sold < type.quantity,
  });

  async function speakersOf(ids: string[]): Promise<PersonProfileView[]> {
    const found = await Promise.all(
      ids.map((profileId) => deps.profiles.people.public({ profileId }).catch(() => null)),
    );
    return found.filter((p): p is PersonProfileView => p !== null);
  }

  async function views(rows: EventRow[]): Promise<EventView[]> {
    const types = await repo.ticketTypesOf(rows.map((row) => row.id));
    const at = now();
    return Promise.all(
      rows.map(async ({ speakerProfileIds, createdAt: _c, updatedAt: _u, ...row }) => ({
        ...row,
        speakers: await speakersOf(speakerProfileIds),
        ticketTypes: types.filter((t) => t.eventId === row.id).map((t) => typeView(t, at)),
      })),
    );
  }

  async function orderViews(orders: OrderRow[], audience: OrderAudience): Promise<EventOrderView[]> {
    const eventIds = [...new Set(orders.map((o) => o.eventId))];
    const eventRows = (await Promise.all(eventIds.map((id) => repo.eventById(id)))).filter(
      (e): e is EventRow => e !== null,
    );
    const eventViews = new Map((await views(eventRows)).map((e) => [e.id, e]));
    const tickets = await repo.ticketsOf(orders.map((o) => o.id));
    const types = await repo.ticketTypesOf(eventIds);
    return orders.map((order) => ({
      orderId: order.id,
      status: order.status,
      quantity: order.quantity,
      currency: order.currency,
      amount: order.amount,
      memberDiscountPercent: order.memberDiscountPercent,
      createdAt: order.createdAt,
      refundedAt: order.refundedAt,
      email: audience === 'admin' ? order.email : null,
      ticketTypeName: types.find((t) => t.id === order.ticketTypeId)?.name ?? '',
      event: eventViews.get(order.eventId)!,
      tickets: tickets
        .filter((t) => t.orderId === order.id)
        .map((t) => ({ code: audience === 'buyer' ? t.code : null, admittedAt: t.admittedAt })),
    }));
  }

  function requireStaff(viewer: Viewer | null): Viewer {
    const staff = requireViewer(viewer);
    if (!staff.isBofAdmin) throw new UnauthorizedError(staff.userId);
    return staff;
  }

  const secret = () => deps.secret();

  return {
    repo,

    /** Published events: upcoming (not yet ended) soonest first, then past ones, latest first. */
    async list(): Promise<{ upcoming: EventView[]; past: EventView[] }> {
      const all = await views(await repo.publishedEvents());
      const at = now();
      return {
        upcoming: all.filter((e) => e.endsAt > at),
        past: all.filter((e) => e.endsAt <= at).reverse(),
      };
    },

    /** A published event by slug; EventTicketError event_not_found otherwise. */
    async bySlug(slug: string): Promise<EventView> {
      const row = await repo.eventBySlug(slug);
      if (!row || !row.published) throw new EventTicketError('event_not_found');
      return (await views([row]))[0]!;
    },

    async buy(viewer: Viewer | null, input: BuyTicketsInput): Promise<EventOrderView> {
      const reader = requireViewer(viewer);
      const order = await buyTickets(
        {
          repo,
          provider: deps.billing.provider,
          mailer: deps.mailer,
          secret: secret(),
          site,
          now,
        },
        { userId: reader.userId, email: reader.email, isMember: opens(reader.membershipLevel, 'members') },
        input,
      );
      return (await orderViews([order], 'buyer'))[0]!;
    },

    /** One of the reader's own orders (the confirmation page); order_not_found for anyone else's. */
    async order(viewer: Viewer | null, orderId: string): Promise<EventOrderView> {
      const reader = requireViewer(viewer);
      const order = await repo.order(orderId);
      if (!order || order.userId !== reader.userId || !['paid', 'refunded'].includes(order.status))
        throw new EventTicketError('order_not_found');
      return (await orderViews([order], 'buyer'))[0]!;
    },

    async ordersOf(viewer: Viewer | null): Promise<EventOrderView[]> {
      const reader = requireViewer(viewer);
      return orderViews(await repo.ordersOf(reader.userId), 'buyer');
    },

    /** An event's orders, for its staff (admins). */
    async ordersOfEvent(viewer: Viewer | null, slug: string): Promise<EventOrderView[]> {
      requireStaff(viewer);
      const row = await repo.eventBySlug(slug);
      if (!row) throw new EventTicketError('event_not_found');
      return orderViews(await repo.ordersOfEvent(row.id), 'admin');
    },

    async admit(viewer: Viewer | null, input: AdmitTicketInput) {
      const staff = requireStaff(viewer);
      const admission = await admitTicket({ repo, secret: secret() }, staff.userId, input);
      return { admittedAt: admission.ticket.admittedAt!, admittedAtLocal: admission.admittedAtLocal };
    },

    async refund(viewer: Viewer | null, orderId: string): Promise<EventOrderView> {
      const admin = requireStaff(viewer);
      const order = await refundEventOrder({ repo, provider: deps.billing.provider }, admin.userId, orderId);
      return (await orderViews([order], 'admin'))[0]!;
    },

    /** Whether the viewer may use the check-in page and the orders view. */
    isStaff: (viewer: Viewer | null) => viewer?.isBofAdmin === true,
  };
}

export type EventsModule = ReturnType<typeof createEventsModule>;
