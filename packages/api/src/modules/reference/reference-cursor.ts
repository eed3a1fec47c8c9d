import { DomainError } from '../../errors/domain-error';

/** A paging cursor that is not one this API handed out. */
export class InvalidCursorError extends DomainError {
  constructor() {
    super('invalid_cursor', 'The paging cursor is not valid.');
  }
}

const PREFIX = 'position:';

/** An opaque cursor for an item's position in its list. */
export function encodeCursor(position: number): string {
  return Buffer.from(`${PREFIX}${position}`).toString('base64url');
}

/**
 * The position a cursor stands for.
 * @throws InvalidCursorError when the cursor was not made by encodeCursor.
 */
export function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const digits = text.startsWith(PREFIX) ? text.slice(PREFIX.length) : '';
  if (!/^\d{1,9}$/.test(digits)) throw new InvalidCursorError();
  return Number(digits);
}

/** Whether a cursor is one encodeCursor made. */
export function isReferenceCursor(cursor: string): boolean {
  try {
    decodeCursor(cursor);
    return true;
  } catch {
    return false;
  }
}
