import { EventTicketError, TicketAlreadyAdmittedError } from './events.errors';
import type { EventsRepo, TicketRow } from './events.repo';
import { clockTimeIn } from './event-format';
import { verifyTicketCode } from './ticket-code';

export interface AdmitTicketDeps {
  repo: Pick<EventsRepo, 'eventBySlug' | 'admit' | 'ticket'>;
  secret: string;
}

/** An admitted ticket: which of its order's tickets it is, and the order's quantity and type. */
export interface Admission {
  ticket: TicketRow;
  admittedAtLocal: string;
}

/**
 * Admits a ticket to an event at the door, once. The code's signature is checked before anything is
 * looked up (a forged code is refused outright); admission is one conditional update, so two scans of
 * one code at two doors admit it once and the second hears when the first was.
 * @throws EventTicketError event_not_found, ticket_code_forged, ticket_other_event, ticket_refunded;
 *   TicketAlreadyAdmittedError with the first admission's time in the event's time zone.
 */
export async function admitTicket(
  deps: AdmitTicketDeps,
  staffUserId: string,
  input: { eventSlug: string; code: string },
): Promise<Admission> {
  const event = await deps.repo.eventBySlug(input.eventSlug);
  if (!event) throw new EventTicketError('event_not_found');
  const check = verifyTicketCode(deps.secret, input.code);
  if (check.kind === 'forged') throw new EventTicketError('ticket_code_forged');
  const admitted = await deps.repo.admit(check.ticketId, event.id, staffUserId);
  if (admitted)
    return { ticket: admitted, admittedAtLocal: clockTimeIn(admitted.admittedAt!, event.timeZone) };
  const found = await deps.repo.ticket(check.ticketId);
  // Signed by us but never written: an order whose charge went through is the only way to get a code.
  if (!found) throw new EventTicketError('ticket_code_forged');
  if (found.ticket.eventId !== event.id) throw new EventTicketError('ticket_other_event');
  if (found.order.status !== 'paid') throw new EventTicketError('ticket_refunded');
  const at = found.ticket.admittedAt!;
  throw new TicketAlreadyAdmittedError(at, clockTimeIn(at, event.timeZone));
}
