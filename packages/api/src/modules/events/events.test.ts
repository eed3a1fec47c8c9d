import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clockTimeIn, formatEventWhen } from './event-format';
import { calendarFileOf } from './order-email';
import { signTicketCode, verifyTicketCode } from './ticket-code';
import { decideTicketSale, type TicketSaleInput } from './ticket-sale';

const NOW = new Date('2027-01-10T12:00:00Z');
const sale = (over: Partial<TicketSaleInput> & { type?: Partial<TicketSaleInput['ticketType']> } = {}) => {
  const { type, ...rest } = over;
  return decideTicketSale({
    ticketType: {
      prices: { GBP: 10_000, EUR: 11_999 },
      quantity: 100,
      sold: 0,
      salesStartAt: new Date('2027-01-01T00:00:00Z'),
      salesEndAt: new Date('2027-02-01T00:00:00Z'),
      memberDiscountPercent: 15,
      ...type,
    },
    event: { published: true },
    quantity: 2,
    currency: 'GBP',
    isMember: false,
    now: NOW,
    ...rest,
  });
};

describe('decideTicketSale', () => {
  it.each([
    ['a reader', {}, { kind: 'sell', amount: 20_000, discountPercent: 0 }],
    ['a member', { isMember: true }, { kind: 'sell', amount: 17_000, discountPercent: 15 }],
    ['a member, rounded once', { isMember: true, currency: 'EUR' as const, quantity: 3 }, { amount: 30_597 }],
    [
      'before sales open',
      { now: new Date('2026-12-31T23:59:59Z') },
      { kind: 'refuse', code: 'sales_not_open' },
    ],
    [
      'at the end of sales',
      { now: new Date('2027-02-01T00:00:00Z') },
      { kind: 'refuse', code: 'sales_closed' },
    ],
    ['an unpublished event', { event: { published: false } }, { kind: 'refuse', code: 'sales_not_open' }],
    [
      'a currency not offered',
      { currency: 'USD' as const },
      { kind: 'refuse', code: 'currency_not_offered' },
    ],
    ['more than are left', { type: { sold: 99 } }, { kind: 'refuse', code: 'sold_out' }],
    ['exactly what is left', { type: { sold: 98 } }, { kind: 'sell' }],
  ])('%s', (_name, over, expected) => {
    expect(sale(over)).toMatchObject(expected);
  });
});

describe('ticket codes', () => {
  const id = randomUUID();
  const code = signTicketCode('secret', id);

  it('verifies its own codes, forgiving case and spaces', () => {
    expect(verifyTicketCode('secret', code)).toEqual({ kind: 'valid', ticketId: id, code });
    expect(verifyTicketCode('secret', `  ${code.toLowerCase()} `)).toMatchObject({
      kind: 'valid',
      ticketId: id,
    });
  });

  it.each([
    ['another secret', signTicketCode('other', id)],
    ['a changed id', code.replace(/^BOFT-(.)/, (_m, c: string) => `BOFT-${c === 'A' ? 'B' : 'A'}`)],
    ['a changed signature', `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`],
    ['garbage', 'not a code'],
    ['empty', ''],
  ])('refuses %s', (_name, forged) => {
    expect(verifyTicketCode('secret', forged)).toEqual({ kind: 'forged' });
  });
});

describe('event times', () => {
  it('shows HH:MM in the event time zone', () => {
    expect(clockTimeIn(new Date('2027-07-01T08:05:00Z'), 'Europe/London')).toBe('09:05');
    expect(clockTimeIn(new Date('2027-07-01T08:05:00Z'), 'Asia/Kolkata')).toBe('13:35');
  });

  it('names one day once, and the zone', () => {
    expect(
      formatEventWhen({
        startsAt: new Date('2027-03-16T09:00:00Z'),
        endsAt: new Date('2027-03-16T17:30:00Z'),
        timeZone: 'Europe/London',
      }),
    ).toBe('Tuesday, 16 March 2027, 09:00–17:30 (Europe/London)');
  });
});

describe('the calendar file', () => {
  it('is one VEVENT at the event time, in UTC', () => {
    const ics = calendarFileOf({
      siteName: 'BoF',
      siteUrl: 'https://site.example',
      to: 'a@example.org',
      orderId: 'order-1',
      ticketTypeName: 'Standard',
      currency: 'GBP',
      amount: 100,
      event: {
        slug: 'summit',
        title: 'Summit',
        summary: 'A summit.',
        startsAt: new Date('2027-03-16T09:00:00Z'),
        endsAt: new Date('2027-03-16T17:30:00Z'),
        timeZone: 'Europe/London',
        venueName: 'Hall',
        venueAddress: null,
        eventPlatform: null,
      },
      tickets: [{ code: 'X' }],
    });
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('DTSTART:20270316T090000Z');
    expect(ics).toContain('SUMMARY:Summit');
  });
});
