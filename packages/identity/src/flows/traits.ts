import { z } from 'zod';
import type { Traits } from '../store/identity-store';
import { normaliseEmail } from '../store/identity-store';
import { input } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode, UiText } from '../ui/ui-types';
import { emailTraitProblem } from './email-address';

/** The identity schema's traits as form nodes (registration and the settings profile). */
export function traitNodes(
  group: 'default' | 'profile' | 'code',
  traits: Partial<Traits> = {},
  hidden = false,
): UiNode[] {
  const type = hidden ? 'hidden' : undefined;
  return [
    input(group, 'traits.email', type ?? 'email', {
      value: traits.email ?? '',
      required: true,
      autocomplete: 'email',
      label: texts.labelGenerated('E-Mail'),
    }),
    input(group, 'traits.name.first', type ?? 'text', {
      value: traits.name?.first ?? '',
      label: texts.labelGenerated('First name'),
    }),
    input(group, 'traits.name.last', type ?? 'text', {
      value: traits.name?.last ?? '',
      label: texts.labelGenerated('Last name'),
    }),
  ];
}

/** Text trimmed and cut to `max` characters; a value that is not text counts as not given. */
const traitText = (max: number) =>
  z
    .string()
    .transform((value) => value.trim().slice(0, max))
    .optional()
    .catch(undefined);

/** Submitted traits as the identity schema names them; anything that is not an object counts as empty. */
const submittedTraitsSchema = z
  .object({
    // Not cut: an address over the limit is refused with its length (the body is capped at 64 KB).
    email: z
      .string()
      .transform((value) => value.trim())
      .optional()
      .catch(undefined),
    name: z.object({ first: traitText(100), last: traitText(100) }).catch({}),
  })
  .catch({ name: {} });

/**
 * Parses submitted traits against the identity schema: an e-mail (spec §5's form, RFC 5321's lengths),
 * and an optional first and last name. Registration, the settings profile and the admin API's writes (the
 * e-mail change) all pass here. `unchangedEmail`, the identity's e-mail as stored, is accepted as it is:
 * an account whose address predates these rules (or came from a social provider) can still change its
 * name, or be blocked by an administrator.
 */
export function parseTraits(
  raw: unknown,
  options: { unchangedEmail?: string } = {},
): { ok: true; traits: Traits } | { ok: false; field: string; message: UiText; partial: Partial<Traits> } {
  const submitted = submittedTraitsSchema.parse(raw);
  const email = normaliseEmail(submitted.email ?? '');
  const { first, last } = submitted.name;
  const partial: Partial<Traits> = { email, name: { first, last } };
  if (!email) return { ok: false, field: 'traits.email', message: texts.required('email'), partial };
  const problem = email === options.unchangedEmail ? null : emailTraitProblem(email);
  if (problem) return { ok: false, field: 'traits.email', message: problem, partial };
  const named = first || last ? { name: { ...(first ? { first } : {}), ...(last ? { last } : {}) } } : {};
  return { ok: true, traits: { email, ...named } };
}
