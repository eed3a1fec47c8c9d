import type { Traits } from '../store/identity-store';
import { normaliseEmail } from '../store/identity-store';
import { input } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode } from '../ui/ui-types';
import { isEmail } from './flow-common';

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

const clean = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : undefined);

/** Parses submitted traits against the identity schema: an e-mail, and an optional first and last name. */
export function parseTraits(
  raw: unknown,
):
  | { ok: true; traits: Traits }
  | { ok: false; field: string; message: ReturnType<typeof texts.required>; partial: Partial<Traits> } {
  const obj = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const name = (obj.name && typeof obj.name === 'object' ? obj.name : {}) as Record<string, unknown>;
  const email = normaliseEmail(clean(obj.email, 320) ?? '');
  const first = clean(name.first, 100);
  const last = clean(name.last, 100);
  const partial: Partial<Traits> = { email, name: { first, last } };
  if (!email) return { ok: false, field: 'traits.email', message: texts.required('email'), partial };
  if (!isEmail(email))
    return { ok: false, field: 'traits.email', message: texts.invalidFormat(email), partial };
  const named = first || last ? { name: { ...(first ? { first } : {}), ...(last ? { last } : {}) } } : {};
  return { ok: true, traits: { email, ...named } };
}
