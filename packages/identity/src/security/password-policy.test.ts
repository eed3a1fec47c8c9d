import { describe, expect, it } from 'vitest';
import { checkPassword, identifierInputs } from './password-policy';

const EMAIL = 'jane.doe@example.com';
const idOf = async (password: string, email = EMAIL) => {
  const verdict = await checkPassword(password, email);
  return verdict.ok ? 'ok' : verdict.id;
};

describe('the password policy', () => {
  it('refuses passwords that passed the old list of 80: breached ones and easy ones', async () => {
    expect(await idOf('Password1!')).toBe(4000034);
    expect(await idOf('password123')).toBe(4000034);
    expect(await idOf('Summer2024!')).toBe(4000005);
    expect(await idOf('aaaaaaaaaaaa')).toBe(4000005);
    expect(await idOf('qwertyuiop123')).not.toBe('ok');
    expect(await idOf('hunter2hunter2')).toBe(4000005);
  });

  it('says why an easy password is refused, in Kratos words', async () => {
    const verdict = await checkPassword('aaaaaaaaaaaa', EMAIL);
    expect(verdict).toEqual({
      ok: false,
      id: 4000005,
      text: 'The password can not be used because it is too easy to guess: repeated characters like "aaa" are easy to guess.',
      context: { reason: 'it is too easy to guess: repeated characters like "aaa" are easy to guess' },
    });
    expect(await checkPassword('Password1!', EMAIL)).toEqual({
      ok: false,
      id: 4000034,
      text: 'The password has been found in data breaches and must no longer be used.',
    });
  });

  it('refuses passwords built from the e-mail', async () => {
    expect(await idOf('jane.doe@example.com')).toBe(4000031);
    expect(await idOf('janedoe1984')).toBe(4000031);
    expect(await idOf('Jane.Doe2026!!')).toBe(4000031);
    expect(await idOf('doe-jane-2026')).toBe(4000031);
    // A listed password is named as breached even when it also resembles the e-mail.
    expect(await idOf('password123', 'password-news@example.org')).toBe(4000034);
    // The same words are fine for someone else.
    expect(await idOf('Jane.Doe2026!!', 'maria.rossi@example.it')).not.toBe(4000031);
  });

  it('accepts passphrases and strong passwords, the journeys’ own included', async () => {
    for (const password of [
      'correct horse battery staple',
      'velvet-Atelier-2026!',
      'saffron-Loom-2026!',
      'ochre-Lattice-9071!',
      'tm8-Qx!walnut-77',
      'Ov3rcast-Tulip-Harbour',
    ])
      expect([password, await idOf(password)]).toEqual([password, 'ok']);
  });

  it('keeps the length rules, counting characters, not bytes', async () => {
    expect(await idOf('short')).toBe(4000032);
    expect(await idOf('ééééééé')).toBe(4000032);
    expect(await idOf('x'.repeat(289))).toBe(4000033);
    // A long password is judged by its first 64 characters (zxcvbn's bound), quickly.
    const started = performance.now();
    expect(await idOf(`${'Kq7!vZ2#'.repeat(8)}${'a'.repeat(200)}`)).toBe('ok');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('asks the breached-password check last, and only about passwords that pass the rest', async () => {
    const asked: string[] = [];
    const breaches = async (password: string) => {
      asked.push(password);
      return password === 'velvet-Atelier-2026!' ? 42 : 0;
    };
    expect(await checkPassword('velvet-Atelier-2026!', EMAIL, { breaches })).toEqual({
      ok: false,
      id: 4000034,
      text: 'The password has been found in data breaches and must no longer be used.',
      context: { breaches: 42 },
    });
    expect(await checkPassword('saffron-Loom-2026!', EMAIL, { breaches })).toEqual({ ok: true });
    expect(await checkPassword('short', EMAIL, { breaches })).toMatchObject({ id: 4000032 });
    // Unreachable (null): the local checks decide.
    expect(await checkPassword('ochre-Lattice-9071!', EMAIL, { breaches: async () => null })).toEqual({
      ok: true,
    });
    expect(asked).toEqual(['velvet-Atelier-2026!', 'saffron-Loom-2026!']);
  });

  it('makes user inputs of the e-mail and its parts', () => {
    expect(identifierInputs(' Jane.Doe+news@Example.com ')).toEqual([
      'jane.doe+news@example.com',
      'jane.doe+news',
      'janedoenews',
      'jane',
      'doe',
      'news',
    ]);
    expect(identifierInputs(undefined)).toEqual([]);
  });
});
