import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import type { Platform } from '../../platform/platform';
import type { MailMessage } from '../email-change/email-change-mail';
import { createContactRepo } from './contact.repo';
import {
  createContactService,
  ENQUIRIES_PER_DAY,
  ENQUIRIES_PER_SENDER_PER_DAY,
  type ContactService,
} from './contact.module';

let database: DatabaseHandle;
let platform: Platform;
let contact: ContactService;
const sent: MailMessage[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  platform = {
    env: parseServerEnv({ CONTACT_INBOX: 'desks@example.org' }),
    db: database.db,
    database,
  };
  contact = createContactService(platform, { send: async (message) => void sent.push(message) });
});
afterAll(async () => {
  await database?.close();
});

const enquiry = (email: string) => ({
  kind: 'professional',
  name: 'Priya Raman',
  email,
  organisation: 'Maison Aurelle',
  message: 'We would like seats for twelve colleagues in our buying team.',
});

describe('contact enquiries', () => {
  it('are stored whole and mailed to the desks inbox and the sender', async () => {
    const outcome = await contact.sendEnquiry(enquiry('Priya@Example.org'), {
      userId: null,
      ip: '198.51.100.7',
    });
    expect(outcome).toMatchObject({ kind: 'sent', email: 'Priya@Example.org' });
    if (outcome.kind !== 'sent') throw new Error('not sent');
    const stored = await createContactRepo(database.db).find(outcome.reference);
    expect(stored).toMatchObject({
      kind: 'professional',
      name: 'Priya Raman',
      email: 'priya@example.org',
      organisation: 'Maison Aurelle',
      userId: null,
      senderIp: '198.51.100.7',
    });
    expect(sent.map((m) => m.to)).toEqual(['desks@example.org', 'Priya@Example.org']);
  });

  it('come back as field errors, with nothing stored, when the input is bad', async () => {
    const before = await createContactRepo(database.db).countFrom('x@example.org', new Date(0));
    const outcome = await contact.sendEnquiry(
      { kind: 'media', name: '', email: 'x@example.org', message: '' },
      { userId: null, ip: null },
    );
    expect(outcome.kind).toBe('invalid');
    expect(await createContactRepo(database.db).countFrom('x@example.org', new Date(0))).toBe(before);
  });

  it(`are refused after ${ENQUIRIES_PER_DAY} a day from one address, counted by the database`, async () => {
    const service = contact;
    for (let i = 0; i < ENQUIRIES_PER_DAY; i++)
      expect(
        (await service.sendEnquiry(enquiry('busy@example.org'), { userId: 'reader-7', ip: `203.0.113.${i}` }))
          .kind,
      ).toBe('sent');
    expect(
      await service.sendEnquiry(enquiry('BUSY@example.org'), { userId: null, ip: '203.0.113.99' }),
    ).toMatchObject({ kind: 'refused', code: 'enquiry_rate_limited' });
    expect(await createContactRepo(database.db).countFrom('busy@example.org', new Date(0))).toBe(
      ENQUIRIES_PER_DAY,
    );
  });

  it(`are refused after ${ENQUIRIES_PER_SENDER_PER_DAY} a day from one sender, whatever e-mail addresses it gives`, async () => {
    const service = contact;
    for (let i = 0; i < ENQUIRIES_PER_SENDER_PER_DAY; i++)
      expect(
        (await service.sendEnquiry(enquiry(`rotating-${i}@example.org`), { userId: null, ip: '192.0.2.44' }))
          .kind,
      ).toBe('sent');
    expect(
      await service.sendEnquiry(enquiry('rotating-new@example.org'), { userId: null, ip: '192.0.2.44' }),
    ).toMatchObject({ kind: 'refused', code: 'enquiry_rate_limited' });
    // Another sender is not held up.
    expect(
      (await service.sendEnquiry(enquiry('rotating-new@example.org'), { userId: null, ip: '192.0.2.45' }))
        .kind,
    ).toBe('sent');
  });

  it('let no parallel burst past a limit', async () => {
    const service = contact;
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        service.sendEnquiry(enquiry(`burst-${i}@example.org`), { userId: null, ip: '192.0.2.99' }),
      ),
    );
    expect(outcomes.filter((o) => o.kind === 'sent')).toHaveLength(ENQUIRIES_PER_SENDER_PER_DAY);
    expect(outcomes.filter((o) => o.kind === 'refused')).toHaveLength(12 - ENQUIRIES_PER_SENDER_PER_DAY);
  });

  it('acknowledge without repeating what the sender typed', async () => {
    sent.length = 0;
    await contact.sendEnquiry(
      {
        ...enquiry('victim@example.org'),
        name: 'Click https://evil.example now',
        message: 'Buy now at https://evil.example, limited offer!',
      },
      { userId: null, ip: '192.0.2.200' },
    );
    const acknowledgement = sent.find((m) => m.to === 'victim@example.org')!;
    expect(acknowledgement.text).not.toContain('evil.example');
    expect(acknowledgement.html).not.toContain('evil.example');
    expect(sent.find((m) => m.to === 'desks@example.org')!.text).toContain('Buy now at https://evil.example');
  });
});
