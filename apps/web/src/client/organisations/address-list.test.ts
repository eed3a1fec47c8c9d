import { describe, expect, it } from 'vitest';
import { parseAddressList } from './address-list';

describe('the addresses of a pasted list or a CSV file', () => {
  it('takes the first column of a CSV, skips its header, and names each bad row', () => {
    const csv =
      'Email,Name\r\nAda@Example.com,Ada\r\n"bo@example.com",Bo\r\nnot-an-address,X\r\n\r\nada@example.com,Again\r\n';
    expect(parseAddressList(csv, { csv: true })).toEqual({
      kind: 'rows',
      rows: [
        { row: 2, email: 'ada@example.com', ok: true },
        { row: 3, email: 'bo@example.com', ok: true },
        { row: 4, text: 'not-an-address', ok: false, reason: 'Not an e-mail address like name@example.com.' },
        { row: 6, text: 'ada@example.com', ok: false, reason: 'Same address as row 2.' },
      ],
    });
  });

  it('splits a pasted list on lines, commas and spaces', () => {
    const list = parseAddressList('a@example.com, b@example.com\nc@example.com', { csv: false });
    expect(list.kind === 'rows' && list.rows.map((r) => r.ok && r.email)).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
  });

  it('refuses binary content, an empty file and more than 1,000 rows whole', () => {
    expect(parseAddressList('PK\u0003\u0004\u0000binary', { csv: true })).toMatchObject({ kind: 'refused' });
    expect(parseAddressList('\n \n', { csv: true })).toEqual({
      kind: 'refused',
      reason: 'There are no addresses in it.',
    });
    const big = Array.from({ length: 10_000 }, (_, i) => `p${i}@example.com`).join('\n');
    expect(parseAddressList(big, { csv: true })).toEqual({
      kind: 'refused',
      reason: 'It has 10,000 addresses: add at most 1,000 at once.',
    });
  });
});
