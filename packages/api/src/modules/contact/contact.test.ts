import { describe, expect, it } from 'vitest';
import { FieldValidationError } from '../../errors/field-validation-error';
import type { MailMessage } from '../email-change/email-change-mail';
import { EnquiryRateLimitedError } from './contact.errors';
import type { StoredEnquiry } from './contact.repo';
import { ENQUIRIES_PER_DAY, sendEnquiry, type ContactDeps } from './contact.service';

const good = {
  kind: 'media',
  name: ' Ada Okafor ',
  email: 'ada.okafor+press@example.co.uk',
  organisation: '',
  message: 'Could your editor speak on our panel about resale in March?',
};

function fakeDeps(overrides: Partial<ContactDeps> = {}) {
  const stored: StoredEnquiry[] = [];
  const sent: MailMessage[] = [];
  const errors: unknown[] = [];
  const deps: ContactDeps = {
    repo: {
      // The limits as the database applies them (contact.int.test.ts holds the real one to them).
      insertWithinLimits: async (enquiry, limits) => {
        const recent = stored.filter((e) => e.createdAt >= limits.since);
        const byEmail = recent.filter((e) => e.email.toLowerCase() === enquiry.email.toLowerCase());
        const bySender = recent.filter((e) => enquiry.senderIp && e.senderIp === enquiry.senderIp);
        if (byEmail.length >= limits.perEmail || bySender.length >= limits.perSender) return 'limited';
        stored.push(enquiry);
        return 'stored';
      },
    },
    mailer: { send: async (message) => void sent.push(message) },
    deskAddress: 'desk@example.org',
    siteName: 'The Business of Fashion',
    now: () => new Date('2026-11-24T10:00:00Z'),
    newId: () => `00000000-0000-4000-8000-00000000000${stored.length}`,
    log: { error: (...args: unknown[]) => void errors.push(args) },
    ...overrides,
  };
  return { deps, stored, sent, errors };
}

async function fieldErrorsOf(input: unknown) {
  const error = await sendEnquiry(fakeDeps().deps, input, { userId: null, ip: null }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FieldValidationError);
  return Object.fromEntries(
    (error as FieldValidationError).fieldErrors.map((f) => [f.path.join('.'), f.message]),
  );
}

describe('sendEnquiry', () => {
  it('stores the enquiry trimmed, then mails the desk and the sender', async () => {
    const { deps, stored, sent } = fakeDeps();
    const enquiry = await sendEnquiry(deps, good, { userId: 'reader-1', ip: '198.51.100.1' });
    expect(enquiry).toMatchObject({
      name: 'Ada Okafor',
      organisation: null,
      userId: 'reader-1',
      senderIp: '198.51.100.1',
    });
    expect(stored).toEqual([enquiry]);
    expect(sent.map((m) => [m.to, m.templateType])).toEqual([
      ['desk@example.org', 'contact_enquiry'],
      ['ada.okafor+press@example.co.uk', 'contact_acknowledgement'],
    ]);
    expect(sent[0]!.subject).toBe('[Media and press] Enquiry from Ada Okafor');
    expect(sent[0]!.text).toContain('From: Ada Okafor <ada.okafor+press@example.co.uk>');
    expect(sent[0]!.text).toContain(good.message);
    expect(sent[1]!.text).toContain(`Your reference is ${enquiry.id}.`);
    // The acknowledgement repeats nothing the sender typed.
    expect(sent[1]!.text).not.toContain(good.message);
    expect(sent[1]!.text).not.toContain('Ada');
  });

  it('reports every field error at once and stores nothing', async () => {
    const { deps, stored, sent } = fakeDeps();
    const error = await sendEnquiry(
      deps,
      { kind: 'sales', name: '', email: 'not-an-address', message: 'short' },
      { userId: null, ip: null },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FieldValidationError);
    expect((error as FieldValidationError).fieldErrors.map((f) => f.path[0]).sort()).toEqual(
      ['email', 'kind', 'message', 'name'].sort(),
    );
    expect(stored).toEqual([]);
    expect(sent).toEqual([]);
  });

  it.each([
    [
      'a name of 121 characters',
      { name: 'x'.repeat(121) },
      'name',
      'Your name can be at most 120 characters.',
    ],
    ['markup in the name', { name: 'Ada <script>' }, 'name', 'Your name cannot contain < > or line breaks.'],
    [
      'a line break in the name',
      { name: 'Ada\nOkafor' },
      'name',
      'Your name cannot contain < > or line breaks.',
    ],
    ['a one-letter TLD', { email: 'a@b.c' }, 'email', 'Enter an e-mail address like name@example.com.'],
    [
      'an 11-letter TLD',
      { email: 'a@example.abcdefghijk' },
      'email',
      'Enter an e-mail address like name@example.com.',
    ],
    [
      'an address of 257 characters',
      { email: `${'a'.repeat(250)}@ex.com` },
      'email',
      'Your e-mail address can be at most 254 characters.',
    ],
    [
      'an organisation of 161 characters',
      { organisation: 'o'.repeat(161) },
      'organisation',
      'Your organisation can be at most 160 characters.',
    ],
    ['a blank message', { message: ' '.repeat(20) }, 'message', 'Write a message of at least 10 characters.'],
    [
      'a message of 5,001 characters',
      { message: 'm'.repeat(5001) },
      'message',
      'Your message can be at most 5,000 characters.',
    ],
    [
      'a NUL in the message',
      { message: 'Hello there\u0000 friend' },
      'message',
      'Your message cannot contain control characters.',
    ],
  ])('refuses %s', async (_what, change, path, message) => {
    expect((await fieldErrorsOf({ ...good, ...change }))[path]).toBe(message);
  });

  it('accepts the limits exactly, and line breaks in the message', async () => {
    const { deps } = fakeDeps();
    const enquiry = await sendEnquiry(
      deps,
      {
        ...good,
        name: 'n'.repeat(120),
        organisation: 'o'.repeat(160),
        message: `${'m'.repeat(4991)}\r\nThanks.`,
      },
      { userId: null, ip: null },
    );
    expect(enquiry.message).toHaveLength(5000);
  });

  it(`refuses enquiry number ${ENQUIRIES_PER_DAY + 1} from one address within a day, whatever its case`, async () => {
    const { deps, stored } = fakeDeps();
    for (let i = 0; i < ENQUIRIES_PER_DAY; i++) await sendEnquiry(deps, good, { userId: null, ip: null });
    await expect(
      sendEnquiry(deps, { ...good, email: good.email.toUpperCase() }, { userId: null, ip: null }),
    ).rejects.toBeInstanceOf(EnquiryRateLimitedError);
    expect(stored).toHaveLength(ENQUIRIES_PER_DAY);
    // A day later the address may write again.
    const later = fakeDeps({ now: () => new Date('2026-11-25T10:00:01Z') });
    later.stored.push(...stored);
    await expect(sendEnquiry(later.deps, good, { userId: null, ip: null })).resolves.toBeDefined();
  });

  it('keeps the enquiry when the courier fails, and logs it', async () => {
    const { deps, stored, errors } = fakeDeps({
      mailer: { send: async () => Promise.reject(new Error('SMTP down')) },
    });
    const enquiry = await sendEnquiry(deps, good, { userId: null, ip: null });
    expect(stored).toEqual([enquiry]);
    expect(errors).toHaveLength(2);
  });
});
