/** Spec §5's e-mail pattern (the server checks it again). */
const EMAIL_PATTERN = /^[A-Za-z0-9+._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,10}$/;

/** At most this many addresses in one file or paste: one request of addUsersToOrganisationAccount. */
export const MAX_ADDRESS_ROWS = 1000;
/** A larger file is refused before it is read. */
export const MAX_ADDRESS_FILE_BYTES = 256 * 1024;

export type AddressRow =
  { row: number; email: string; ok: true } | { row: number; text: string; ok: false; reason: string };

export type AddressList = { kind: 'rows'; rows: AddressRow[] } | { kind: 'refused'; reason: string };

/** Names of a header cell holding the address (a header row is skipped). */
const HEADER = /^(e-?mail( address)?|address)$/i;

function firstCell(line: string): string {
  const trimmed = line.trim();
  if (trimmed.startsWith('"')) {
    const end = trimmed.indexOf('"', 1);
    return (end > 0 ? trimmed.slice(1, end) : trimmed.slice(1)).trim();
  }
  return (trimmed.split(/[,;\t]/)[0] ?? '').trim();
}

/**
 * The addresses of a pasted list or a CSV file, one per line (the first column of a CSV; a header row
 * naming "email" is skipped), each with its row number and, when it cannot be added, why: not an
 * address, or already in the list. A pasted list may also separate addresses with commas or spaces.
 * Binary content and more than 1,000 rows are refused whole.
 */
export function parseAddressList(text: string, options: { csv: boolean }): AddressList {
  if (/[\u0000-\u0008\u000E-\u001F\uFFFD]/.test(text)) {
    return { kind: 'refused', reason: 'This file is not text: upload a CSV file with one address per row.' };
  }
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const cells: { row: number; text: string }[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    if (options.csv) {
      const cell = firstCell(line);
      if (index === 0 && HEADER.test(cell)) return;
      cells.push({ row: index + 1, text: cell });
    } else {
      for (const part of line.split(/[\s,;]+/).filter(Boolean))
        cells.push({ row: cells.length + 1, text: part });
    }
  });
  if (cells.length === 0) return { kind: 'refused', reason: 'There are no addresses in it.' };
  if (cells.length > MAX_ADDRESS_ROWS) {
    return {
      kind: 'refused',
      reason: `It has ${cells.length.toLocaleString('en-GB')} addresses: add at most ${MAX_ADDRESS_ROWS.toLocaleString('en-GB')} at once.`,
    };
  }
  const seen = new Map<string, number>();
  const rows = cells.map(({ row, text: cell }): AddressRow => {
    if (cell.length > 254 || !EMAIL_PATTERN.test(cell)) {
      return { row, text: cell, ok: false, reason: 'Not an e-mail address like name@example.com.' };
    }
    const email = cell.toLowerCase();
    const first = seen.get(email);
    if (first !== undefined) return { row, text: cell, ok: false, reason: `Same address as row ${first}.` };
    seen.set(email, row);
    return { row, email, ok: true };
  });
  return { kind: 'rows', rows };
}
