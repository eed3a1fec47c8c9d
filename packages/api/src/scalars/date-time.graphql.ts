import { builder } from '../builder';

/** An instant, as an ISO 8601 string with a UTC offset (`2026-11-22T10:00:00.000Z`). */
export const DateTimeScalar = builder.scalarType('DateTime', {
  description: 'An instant, as an ISO 8601 string with a time zone offset.',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(Date.parse(value))) {
      throw new TypeError('DateTime must be an ISO 8601 date and time.');
    }
    return new Date(value);
  },
});
