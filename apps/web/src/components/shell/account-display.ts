/** What the header shows for a signed-in reader. */
export interface AccountDisplay {
  /** Short, for the button: the first name, else the e-mail address's local part. */
  shortName: string;
  /** For the accessible name and the menu: the full name, else the e-mail address. */
  fullName: string;
  /** One or two capital letters for the avatar. */
  initials: string;
}

const firstLetter = (value: string) => {
  const match = /[\p{L}\p{N}]/u.exec(value);
  return match ? match[0].toLocaleUpperCase() : '';
};

/**
 * The reader's name as the header shows it, from their personal details when they have given a name,
 * else from their e-mail address. (The token's CurrentUser.initials is empty by spec §3; these initials
 * are the header's own, derived from what the reader told us.)
 */
export function accountDisplay(input: {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}): AccountDisplay {
  const first = input.firstName?.trim() ?? '';
  const last = input.lastName?.trim() ?? '';
  const local = input.email.split('@')[0] ?? input.email;
  if (!first && !last) {
    return { shortName: local, fullName: input.email, initials: firstLetter(local) || '?' };
  }
  return {
    shortName: first || last,
    fullName: [first, last].filter(Boolean).join(' '),
    initials: `${firstLetter(first)}${firstLetter(last)}` || '?',
  };
}
