import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Configuration, FrontendApi, ResponseError } from '@ory/client-fetch';
import { createTestDatabase } from '@bof/db/testing';
import type { DatabaseHandle } from '@bof/db/client';
import { listOutbox } from './courier/mailer';
import { codeOf } from './courier/dev-mailbox-page';
import { createCookieJarFetch } from './testing/cookie-jar-fetch';
import { kratosSchemaErrors } from './testing/kratos-schemas';
import { TEST_BASE, TEST_SITE, testIdentityServer } from './testing/test-identity-server';

let handle: DatabaseHandle;
let env: ReturnType<typeof testIdentityServer>;

beforeAll(async () => {
  handle = await createTestDatabase();
  env = testIdentityServer(handle.db);
});
afterAll(async () => handle.close());

function browser() {
  const jar = createCookieJarFetch(env.server);
  const api = new FrontendApi(new Configuration({ basePath: TEST_BASE, fetchApi: jar.fetch }));
  /** The last answer must validate against this Kratos schema. */
  const conforms = (schema: string) => {
    expect(kratosSchemaErrors(schema, jar.state.last?.body)).toBe('');
    return jar.state.last!;
  };
  return { jar, api, conforms };
}

const csrfOf = (flow: { ui: { nodes: { attributes: unknown }[] } }) =>
  (flow.ui.nodes
    .map((n) => n.attributes as { name?: string; value?: string })
    .find((a) => a.name === 'csrf_token')?.value ?? '') as string;

async function failure<T>(promise: Promise<T>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ResponseError) return error.response;
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function latestCodeFor(address: string): Promise<string> {
  const message = (await listOutbox(handle.db)).find((m) => m.recipient === address);
  const code = message ? codeOf(message.bodyText) : undefined;
  if (!code) throw new Error(`no code was sent to ${address}`);
  return code;
}

async function register(b: ReturnType<typeof browser>, email: string, password = 'velvet-runway-42') {
  const flow = await b.api.createBrowserRegistrationFlow({ returnTo: `${TEST_SITE}/topics/beauty/` });
  b.conforms('registrationFlow');
  await b.api.updateRegistrationFlow({
    flow: flow.id,
    updateRegistrationFlowBody: {
      method: 'password',
      password,
      traits: { email, name: { first: 'Ada', last: 'Lovelace' } },
      csrf_token: csrfOf(flow),
    },
  });
  return b.conforms('successfulNativeRegistration');
}

describe('a person, through the API', () => {
  it('registers, verifies, logs out, logs in with a code, recovers, changes settings and manages sessions', async () => {
    const b = browser();
    const email = 'ada@example.com';
    const registered = await register(b, email);
    const body = registered.body as {
      continue_with: { action: string; flow?: { id: string } }[];
      session: { id: string };
    };
    expect(b.jar.cookies.has('ory_kratos_session')).toBe(true);
    const verify = body.continue_with.find((c) => c.action === 'show_verification_ui')!;
    expect(verify).toBeDefined();

    // verify the address with the e-mailed code
    const vflow = await b.api.getVerificationFlow({ id: verify.flow!.id });
    b.conforms('verificationFlow');
    expect(vflow.state).toBe('sent_email');
    const verified = await b.api.updateVerificationFlow({
      flow: vflow.id,
      updateVerificationFlowBody: {
        method: 'code',
        code: await latestCodeFor(email),
        csrf_token: csrfOf(vflow),
      },
    });
    b.conforms('verificationFlow');
    expect(verified.state).toBe('passed_challenge');
    expect(verified.ui.messages?.[0]?.id).toBe(1080002);

    const me = await b.api.toSession();
    b.conforms('session');
    expect(me.identity?.verifiable_addresses?.[0]?.verified).toBe(true);
    expect(me.authentication_methods?.[0]?.method).toBe('password');

    // a logged-in reader asking for a login flow gets session_already_available
    const already = await failure(b.api.createBrowserLoginFlow());
    expect(already.status).toBe(400);
    expect(b.conforms('errorGeneric').body).toMatchObject({ error: { id: 'session_already_available' } });

    // log out
    const logout = await b.api.createBrowserLogoutFlow({ returnTo: `${TEST_SITE}/user/logout/` });
    b.conforms('logoutFlow');
    await b.api.updateLogoutFlow({ token: logout.logout_token });
    const whoami = await failure(b.api.toSession());
    expect(whoami.status).toBe(401);
    expect(b.conforms('errorGeneric').body).toMatchObject({ error: { id: 'session_inactive' } });

    // log in with a one-time code
    const login = await b.api.createBrowserLoginFlow();
    b.conforms('loginFlow');
    const sent = await failure(
      b.api.updateLoginFlow({
        flow: login.id,
        updateLoginFlowBody: { method: 'code', identifier: email, csrf_token: csrfOf(login) },
      }),
    );
    expect(sent.status).toBe(400);
    const sentFlow = b.conforms('loginFlow').body as { state: string; ui: { messages: { id: number }[] } };
    expect(sentFlow.state).toBe('sent_email');
    expect(sentFlow.ui.messages[0]!.id).toBe(1010014);
    const loggedIn = await b.api.updateLoginFlow({
      flow: login.id,
      updateLoginFlowBody: {
        method: 'code',
        identifier: email,
        code: await latestCodeFor(email),
        csrf_token: csrfOf(login),
      },
    });
    b.conforms('successfulNativeLogin');
    expect(loggedIn.session.identity?.traits).toMatchObject({ email });

    // a second device signs in with the password; the first lists and revokes it
    const other = browser();
    const otherLogin = await other.api.createBrowserLoginFlow();
    await other.api.updateLoginFlow({
      flow: otherLogin.id,
      updateLoginFlowBody: {
        method: 'password',
        identifier: email,
        password: 'velvet-runway-42',
        csrf_token: csrfOf(otherLogin),
      },
    });
    other.conforms('successfulNativeLogin');
    const listed = await b.api.listMySessions({ pageSize: 10 });
    expect(b.jar.state.last!.status).toBe(200);
    expect(listed).toHaveLength(1);
    expect(b.jar.state.last!.headers.get('link')).toContain('rel="first"');
    for (const s of b.jar.state.last!.body as unknown[]) expect(kratosSchemaErrors('session', s)).toBe('');
    await b.api.disableMyOtherSessions();
    b.conforms('deleteMySessionsCount');
    expect((await failure(other.api.toSession())).status).toBe(401);

    // change password and e-mail in settings (a fresh sign-in, so privileged)
    const settings = await b.api.createBrowserSettingsFlow();
    b.conforms('settingsFlow');
    await b.api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: {
        method: 'password',
        password: 'silk-and-tweed-77',
        csrf_token: csrfOf(settings),
      },
    });
    expect((b.conforms('settingsFlow').body as { state: string }).state).toBe('success');
    const changed = await b.api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: {
        method: 'profile',
        traits: { email: 'ada.l@example.com', name: { first: 'Ada', last: 'L' } },
        csrf_token: csrfOf(settings),
      },
    });
    b.conforms('settingsFlow');
    expect(changed.identity.traits).toMatchObject({ email: 'ada.l@example.com' });
    expect(changed.continue_with?.[0]).toMatchObject({ action: 'show_verification_ui' });

    // recover a forgotten password from a new browser
    const lost = browser();
    const recovery = await lost.api.createBrowserRecoveryFlow();
    lost.conforms('recoveryFlow');
    const asked = await lost.api.updateRecoveryFlow({
      flow: recovery.id,
      updateRecoveryFlowBody: { method: 'code', email: 'ada.l@example.com', csrf_token: csrfOf(recovery) },
    });
    lost.conforms('recoveryFlow');
    expect(asked.state).toBe('sent_email');
    const recovered = await failure(
      lost.api.updateRecoveryFlow({
        flow: recovery.id,
        updateRecoveryFlowBody: {
          method: 'code',
          code: await latestCodeFor('ada.l@example.com'),
          csrf_token: csrfOf(recovery),
        },
      }),
    );
    expect(recovered.status).toBe(422);
    const change = lost.conforms('errorBrowserLocationChangeRequired').body as {
      redirect_browser_to: string;
    };
    const settingsId = new URL(change.redirect_browser_to).searchParams.get('flow')!;
    const recoverySettings = await lost.api.getSettingsFlow({ id: settingsId });
    lost.conforms('settingsFlow');
    await lost.api.updateSettingsFlow({
      flow: settingsId,
      updateSettingsFlowBody: {
        method: 'password',
        password: 'new-season-cashmere',
        csrf_token: csrfOf(recoverySettings),
      },
    });
    lost.conforms('settingsFlow');
  });
});

describe('flows for native apps', () => {
  it('registers and logs in with a session token, then logs out through the API', async () => {
    const n = browser();
    const reg = await n.api.createNativeRegistrationFlow();
    n.conforms('registrationFlow');
    const done = await n.api.updateRegistrationFlow({
      flow: reg.id,
      updateRegistrationFlowBody: {
        method: 'password',
        password: 'tailored-coat-19',
        traits: { email: 'native@example.com' },
      },
    });
    n.conforms('successfulNativeRegistration');
    expect(done.session_token).toMatch(/^ory_st_/);
    const login = await n.api.createNativeLoginFlow();
    await n.api.updateLoginFlow({
      flow: login.id,
      updateLoginFlowBody: {
        method: 'password',
        identifier: 'native@example.com',
        password: 'tailored-coat-19',
      },
    });
    const token = (n.conforms('successfulNativeLogin').body as { session_token: string }).session_token;
    await n.api.toSession({ xSessionToken: token });
    n.conforms('session');
    await n.api.performNativeLogout({ performNativeLogoutBody: { session_token: token } });
    expect((await failure(n.api.toSession({ xSessionToken: token }))).status).toBe(401);
  });
});

describe('Kratos security cases', () => {
  it('refuses a missing or wrong CSRF token', async () => {
    const b = browser();
    const flow = await b.api.createBrowserLoginFlow();
    for (const csrf of [undefined, 'wrong-token']) {
      const res = await failure(
        b.api.updateLoginFlow({
          flow: flow.id,
          updateLoginFlowBody: {
            method: 'password',
            identifier: 'x@example.com',
            password: 'whatever-pass',
            csrf_token: csrf,
          },
        }),
      );
      expect(res.status).toBe(403);
      expect(b.conforms('errorGeneric').body).toMatchObject({ error: { id: 'security_csrf_violation' } });
    }
    // another browser cannot fetch or use the flow either
    const stranger = browser();
    expect((await failure(stranger.api.getLoginFlow({ id: flow.id }))).status).toBe(403);
  });

  it.each([
    ['a host outside the list', 'https://evil.test/'],
    ['a wildcard host that matches only as a suffix', 'https://evilpartner.test/'],
    ['a scheme downgrade', 'http://shop.partner.test/'],
  ])('refuses return_to with %s', async (_, returnTo) => {
    const b = browser();
    const res = await failure(b.api.createBrowserLoginFlow({ returnTo }));
    expect(res.status).toBe(400);
    expect(b.conforms('errorGeneric').body).toMatchObject({
      error: { id: 'self_service_flow_return_to_forbidden' },
    });
  });

  it('allows return_to on a configured wildcard subdomain', async () => {
    const flow = await browser().api.createBrowserLoginFlow({ returnTo: 'https://shop.partner.test/bag' });
    expect(flow.return_to).toBe('https://shop.partner.test/bag');
  });

  async function codeLogin(email: string) {
    const b = browser();
    await register(browser(), email);
    const flow = await b.api.createBrowserLoginFlow();
    await failure(
      b.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: 'code', identifier: email, csrf_token: csrfOf(flow) },
      }),
    );
    const submit = (code: string) =>
      b.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: 'code', identifier: email, code, csrf_token: csrfOf(flow) },
      });
    return { b, submit, code: await latestCodeFor(email), flowId: flow.id, csrf: csrfOf(flow) };
  }

  /** The first message id of the flow a failed submission answered with. */
  const submitted = async (promise: Promise<unknown>) =>
    ((await (await failure(promise)).json()) as { ui: { messages: { id: number }[] } }).ui.messages[0]!.id;

  it('refuses a code tried too often, even the right one, and the flow stays spent after a resend', async () => {
    const { b, submit, code, flowId, csrf } = await codeLogin('tries@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await failure(submit(wrong))).status).toBe(400);
    expect((await failure(submit(code))).status).toBe(400);
    expect(
      (b.conforms('loginFlow').body as { ui: { messages: { id: number; text: string }[] } }).ui.messages[0],
    ).toMatchObject({
      id: 4000001,
      text: 'The request was submitted too often. Please request another code.',
    });
    // A new code does not reset the count (Kratos keeps `submit_count` for the flow's life).
    await failure(
      b.api.updateLoginFlow({
        flow: flowId,
        updateLoginFlowBody: {
          method: 'code',
          identifier: 'tries@example.com',
          resend: 'code',
          csrf_token: csrf,
        },
      }),
    );
    expect(await submitted(submit(await latestCodeFor('tries@example.com')))).toBe(4000001);
    expect(b.jar.cookies.has('ory_kratos_session')).toBe(false);
  });

  it('counts parallel wrong guesses atomically: of twenty at once, at most five are checked', async () => {
    const { b, submit, code } = await codeLogin('parallel@example.com');
    const guesses = Array.from({ length: 20 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map(async (guess) => {
        const res = await failure(submit(guess));
        return ((await res.json()) as { ui: { messages: { id: number }[] } }).ui.messages[0]!.id;
      }),
    );
    expect(answers.filter((id) => id === 4010008)).toHaveLength(5);
    expect(answers.filter((id) => id === 4000001)).toHaveLength(15);
    // The right code now finds the flow spent.
    await failure(submit(code));
    expect((b.conforms('loginFlow').body as { ui: { messages: { id: number }[] } }).ui.messages[0]!.id).toBe(
      4000001,
    );
    expect(b.jar.cookies.has('ory_kratos_session')).toBe(false);
  });

  it('refuses an expired code', async () => {
    const { submit, code } = await codeLogin('expired@example.com');
    env.advance(601);
    expect((await failure(submit(code))).status).toBe(400);
  });

  it('refuses a reused code', async () => {
    const { b, submit, code } = await codeLogin('reused@example.com');
    await submit(code);
    b.jar.cookies.delete('ory_kratos_session');
    expect((await failure(submit(code))).status).toBe(400);
  });

  it('answers an expired flow with 410 and a replacement', async () => {
    const b = browser();
    const flow = await b.api.createBrowserLoginFlow();
    env.advance(3601);
    const res = await failure(
      b.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: 'a@b.co',
          password: 'x',
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(res.status).toBe(410);
    const body = b.conforms('selfServiceFlowExpiredError').body as {
      use_flow_id: string;
      error: { id: string };
    };
    expect(body.error.id).toBe('self_service_flow_expired');
    const next = await b.api.getLoginFlow({ id: body.use_flow_id });
    expect(next.ui.messages?.[0]?.id).toBe(4010001);
  });

  it('does not tell whether an address has an account (recovery and code login)', async () => {
    await register(browser(), 'known@example.com');
    const answers = [];
    for (const email of ['known@example.com', 'nobody@example.com']) {
      const b = browser();
      const r = await b.api.createBrowserRecoveryFlow();
      const done = await b.api.updateRecoveryFlow({
        flow: r.id,
        updateRecoveryFlowBody: { method: 'code', email, csrf_token: csrfOf(r) },
      });
      const l = await b.api.createBrowserLoginFlow();
      const res = await failure(
        b.api.updateLoginFlow({
          flow: l.id,
          updateLoginFlowBody: { method: 'code', identifier: email, csrf_token: csrfOf(l) },
        }),
      );
      const login = (await res.json()) as { state: string; ui: { messages: unknown[] } };
      answers.push({
        recovery: [done.state, done.ui.messages],
        login: [res.status, login.state, login.ui.messages],
      });
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it('gives 4000035 to the owner of an address without an account who enters the e-mailed code', async () => {
    const b = browser();
    const l = await b.api.createBrowserLoginFlow();
    await failure(
      b.api.updateLoginFlow({
        flow: l.id,
        updateLoginFlowBody: { method: 'code', identifier: 'new@example.com', csrf_token: csrfOf(l) },
      }),
    );
    await failure(
      b.api.updateLoginFlow({
        flow: l.id,
        updateLoginFlowBody: {
          method: 'code',
          identifier: 'new@example.com',
          code: await latestCodeFor('new@example.com'),
          csrf_token: csrfOf(l),
        },
      }),
    );
    expect((b.conforms('loginFlow').body as { ui: { messages: { id: number }[] } }).ui.messages[0]!.id).toBe(
      4000035,
    );
  });

  it('answers a second registration of an address with 4000028, and a weak password with a policy message', async () => {
    await register(browser(), 'twice@example.com');
    const b = browser();
    const flow = await b.api.createBrowserRegistrationFlow();
    const dup = await failure(
      b.api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: {
          method: 'password',
          password: 'another-pass-99',
          traits: { email: 'twice@example.com' },
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(dup.status).toBe(400);
    expect(
      (b.conforms('registrationFlow').body as { ui: { messages: { id: number }[] } }).ui.messages[0]!.id,
    ).toBe(4000028);
    for (const [password, id] of [
      ['short', 4000032],
      ['password123', 4000034],
    ] as const) {
      await failure(
        b.api.updateRegistrationFlow({
          flow: flow.id,
          updateRegistrationFlowBody: {
            method: 'password',
            password,
            traits: { email: 'weak@example.com' },
            csrf_token: csrfOf(flow),
          },
        }),
      );
      const nodes = (
        b.conforms('registrationFlow').body as {
          ui: { nodes: { attributes: { name: string }; messages: { id: number }[] }[] };
        }
      ).ui.nodes;
      expect(nodes.find((n) => n.attributes.name === 'password')!.messages[0]!.id).toBe(id);
    }
  });

  it('asks for a fresh sign-in before a password change on an old session', async () => {
    const b = browser();
    await register(b, 'old@example.com');
    env.advance(901);
    const settings = await b.api.createBrowserSettingsFlow();
    const res = await failure(
      b.api.updateSettingsFlow({
        flow: settings.id,
        updateSettingsFlowBody: {
          method: 'password',
          password: 'brand-new-pass-1',
          csrf_token: csrfOf(settings),
        },
      }),
    );
    expect(res.status).toBe(403);
    expect(b.conforms('errorGeneric').body).toMatchObject({ error: { id: 'session_refresh_required' } });
  });
});
