import { z } from 'zod';
import { isReferenceCursor } from './reference-cursor';
import { REFERENCE_PAGE_MAX_SIZE } from './reference.service';

const size = (name: 'first' | 'last') =>
  z
    .number()
    .int()
    .min(0, `\`${name}\` cannot be negative.`)
    .max(REFERENCE_PAGE_MAX_SIZE, `\`${name}\` can be at most ${REFERENCE_PAGE_MAX_SIZE}.`)
    .nullish();

const cursor = (name: 'after' | 'before') =>
  z
    .string()
    .refine(isReferenceCursor, `\`${name}\` is not a cursor of this list: use a cursor it returned.`)
    .nullish();

/**
 * The paging arguments of a reference list (Relay's cursor connection), checked together so every
 * problem is reported at once: `first` and `last` are 0 to REFERENCE_PAGE_MAX_SIZE and not both given
 * (Relay advises against combining them), and `after`/`before` are cursors this API handed out.
 */
export const referencePageSchema = z
  .object({ first: size('first'), last: size('last'), after: cursor('after'), before: cursor('before') })
  .superRefine((page, context) => {
    const given = (value: number | null | undefined) => value !== null && value !== undefined;
    if (given(page.first) && given(page.last))
      context.addIssue({
        code: 'custom',
        path: ['last'],
        message: 'Give `first` or `last`, not both.',
      });
  });
