import { builder } from '../../builder';
import { CurrencyEnum } from '../../enums/enums.graphql';
import { AuthError } from '../../errors/auth-error';
import { ErrorInterface } from '../../errors/error-types.graphql';
import { FieldValidationError } from '../../errors/field-validation-error';
import { registerResultError } from '../../errors/result-errors';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import { PersonProfileType } from '../profiles/profile-types.graphql';
import {
  EVENT_ERROR_CODES,
  EventTicketError,
  TicketAlreadyAdmittedError,
  TicketPurchase3DSecureError,
} from './events.errors';
import { admitTicketSchema, buyTicketsSchema, refundEventOrderSchema } from './events.inputs';
import type { EventOrderView, EventView, TicketTypeView } from './events.module';

for (const code of EVENT_ERROR_CODES) registerResultError(code, EventTicketError);
registerResultError('ticket_three_d_secure', TicketPurchase3DSecureError);
registerResultError('ticket_already_admitted', TicketAlreadyAdmittedError);

builder.objectType(EventTicketError, {
  name: 'EventTicketError',
  description: 'A ticket purchase, check-in or refund refused; `code` says why (stable, snake_case).',
  interfaces: [ErrorInterface],
  fields: (t) => ({ code: t.exposeString('code') }),
});
builder.objectType(TicketPurchase3DSecureError, {
  name: 'TicketPurchase3DSecureError',
  description: 'The bank asks the reader to confirm; resend with the challenge result. Nothing charged.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ threeDSecureActionToken: t.exposeString('threeDSecureActionToken') }),
});
builder.objectType(TicketAlreadyAdmittedError, {
  name: 'TicketAlreadyAdmittedError',
  description: 'The ticket was admitted before, at `admittedAtLocal` (HH:MM in the event time zone).',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    admittedAt: t.expose('admittedAt', { type: DateTimeScalar }),
    admittedAtLocal: t.exposeString('admittedAtLocal'),
  }),
});

const TicketPriceType = builder
  .objectRef<{ currency: TicketTypeView['prices'][number]['currency']; amount: number }>('TicketPrice')
  .implement({
    fields: (t) => ({
      currency: t.field({ type: CurrencyEnum, resolve: (p) => p.currency }),
      amount: t.exposeInt('amount', { description: 'Minor units (pence, cents, paise).' }),
    }),
  });

const EventTicketTypeType = builder.objectRef<TicketTypeView>('EventTicketType').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    prices: t.field({ type: [TicketPriceType], resolve: (type) => type.prices }),
    available: t.exposeInt('available', { description: 'Tickets left to sell.' }),
    salesStartAt: t.expose('salesStartAt', { type: DateTimeScalar }),
    salesEndAt: t.expose('salesEndAt', { type: DateTimeScalar }),
    memberDiscountPercent: t.exposeInt('memberDiscountPercent'),
    onSale: t.exposeBoolean('onSale'),
  }),
});

export const EventType = builder.objectRef<EventView>('Event').implement({
  description: 'An event with tickets: at a venue, or online on `eventPlatform`.',
  fields: (t) => ({
    eventId: t.exposeID('id'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    summary: t.exposeString('summary'),
    descriptionHtml: t.exposeString('descriptionHtml', { description: 'Sanitised HTML.' }),
    startsAt: t.expose('startsAt', { type: DateTimeScalar }),
    endsAt: t.expose('endsAt', { type: DateTimeScalar }),
    timeZone: t.exposeString('timeZone', { description: 'IANA time zone the event is held in.' }),
    venueName: t.exposeString('venueName', { nullable: true }),
    venueAddress: t.exposeString('venueAddress', { nullable: true }),
    eventPlatform: t.exposeString('eventPlatform', { nullable: true }),
    speakers: t.field({ type: [PersonProfileType], resolve: (e) => e.speakers }),
    ticketTypes: t.field({ type: [EventTicketTypeType], resolve: (e) => e.ticketTypes }),
  }),
});

const EventTicketType = builder.objectRef<EventOrderView['tickets'][number]>('EventTicket').implement({
  fields: (t) => ({
    code: t.exposeString('code', { nullable: true, description: "The signed code; the buyer's only." }),
    admittedAt: t.expose('admittedAt', { type: DateTimeScalar, nullable: true }),
  }),
});

const EventOrderType = builder.objectRef<EventOrderView>('EventOrder').implement({
  fields: (t) => ({
    orderId: t.exposeID('orderId'),
    status: t.exposeString('status', { description: 'paid or refunded.' }),
    ticketQty: t.exposeInt('quantity'),
    ticketTypeName: t.exposeString('ticketTypeName'),
    currency: t.exposeString('currency'),
    amount: t.exposeInt('amount', { description: 'Charged in all, minor units.' }),
    memberDiscountPercent: t.exposeInt('memberDiscountPercent'),
    createdAt: t.expose('createdAt', { type: DateTimeScalar }),
    refundedAt: t.expose('refundedAt', { type: DateTimeScalar, nullable: true }),
    email: t.exposeString('email', { nullable: true, description: "The buyer's address (admins only)." }),
    event: t.field({ type: EventType, resolve: (o) => o.event }),
    tickets: t.field({ type: [EventTicketType], resolve: (o) => o.tickets }),
  }),
});

const EventListType = builder.objectRef<{ upcoming: EventView[]; past: EventView[] }>('EventList').implement({
  fields: (t) => ({
    upcoming: t.field({ type: [EventType], resolve: (l) => l.upcoming }),
    past: t.field({ type: [EventType], resolve: (l) => l.past }),
  }),
});

builder.queryField('events', (t) =>
  t.field({
    type: EventListType,
    description: 'Published events: upcoming soonest first, past latest first.',
    resolve: (_root, _args, ctx) => ctx.services.events.list(),
  }),
);

builder.queryField('event', (t) =>
  t.field({
    type: EventType,
    args: { slug: t.arg.string({ required: true }) },
    errors: { types: [EventTicketError], directResult: true },
    resolve: (_root, { slug }, ctx) => ctx.services.events.bySlug(slug),
  }),
);

builder.queryField('eventOrder', (t) =>
  t.field({
    type: EventOrderType,
    description: "One of the signed-in reader's ticket orders.",
    args: { orderId: t.arg.id({ required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, EventTicketError], directResult: true },
    resolve: (_root, { orderId }, ctx) => ctx.services.events.order(ctx.viewer, String(orderId)),
  }),
);

builder.queryField('myEventOrders', (t) =>
  t.field({
    type: [EventOrderType],
    description: "The signed-in reader's ticket orders, newest first.",
    authScopes: { loggedIn: true },
    errors: { types: [AuthError] },
    resolve: (_root, _args, ctx) => ctx.services.events.ordersOf(ctx.viewer),
  }),
);

builder.queryField('eventOrders', (t) =>
  t.field({
    type: [EventOrderType],
    description: "An event's orders, for admins.",
    args: { slug: t.arg.string({ required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, EventTicketError] },
    resolve: (_root, { slug }, ctx) => ctx.services.events.ordersOfEvent(ctx.viewer, slug),
  }),
);

const BuyEventTicketsInput = builder
  .inputType('BuyEventTicketsInput', {
    fields: (t) => ({
      ticketTypeId: t.id({ required: true }),
      ticketQty: t.float({
        required: true,
        description: 'A whole number from 1 to 1000 (a Float, so a fractional one gets a field error).',
      }),
      currency: t.field({ type: CurrencyEnum, required: true }),
      billingToken: t.string({ required: true }),
      idempotencyKey: t.string({
        required: true,
        description: 'One per purchase attempt; a retry reuses it.',
      }),
      threeDSecureActionResultToken: t.string(),
    }),
  })
  .validate(buyTicketsSchema);

builder.mutationField('buyEventTickets', (t) =>
  t.field({
    type: EventOrderType,
    description: 'Buys 1–1000 tickets of a type with a one-time charge; e-mails the tickets.',
    args: { input: t.arg({ type: BuyEventTicketsInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: {
      types: [AuthError, FieldValidationError, EventTicketError, TicketPurchase3DSecureError],
      directResult: true,
    },
    resolve: (_root, { input }, ctx) => ctx.services.events.buy(ctx.viewer, buyTicketsSchema.parse(input)),
  }),
);

const AdmissionType = builder
  .objectRef<{ admittedAt: Date; admittedAtLocal: string }>('EventAdmission')
  .implement({
    fields: (t) => ({
      admittedAt: t.expose('admittedAt', { type: DateTimeScalar }),
      admittedAtLocal: t.exposeString('admittedAtLocal', { description: 'HH:MM in the event time zone.' }),
    }),
  });

const AdmitEventTicketInput = builder
  .inputType('AdmitEventTicketInput', {
    fields: (t) => ({ eventSlug: t.string({ required: true }), code: t.string({ required: true }) }),
  })
  .validate(admitTicketSchema);

builder.mutationField('admitEventTicket', (t) =>
  t.field({
    type: AdmissionType,
    description: 'Checks a ticket code at the door and admits it once (event staff).',
    args: { input: t.arg({ type: AdmitEventTicketInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: {
      types: [
        AuthError,
        UnauthorizedError,
        FieldValidationError,
        EventTicketError,
        TicketAlreadyAdmittedError,
      ],
      directResult: true,
    },
    resolve: (_root, { input }, ctx) => ctx.services.events.admit(ctx.viewer, admitTicketSchema.parse(input)),
  }),
);

const RefundEventOrderInput = builder
  .inputType('RefundEventOrderInput', { fields: (t) => ({ orderId: t.id({ required: true }) }) })
  .validate(refundEventOrderSchema);

builder.mutationField('refundEventOrder', (t) =>
  t.field({
    type: EventOrderType,
    description: 'Refunds a paid order in full through the billing provider; its tickets return to stock.',
    args: { input: t.arg({ type: RefundEventOrderInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: {
      types: [AuthError, UnauthorizedError, FieldValidationError, EventTicketError],
      directResult: true,
    },
    resolve: (_root, { input }, ctx) =>
      ctx.services.events.refund(ctx.viewer, refundEventOrderSchema.parse(input).orderId),
  }),
);
