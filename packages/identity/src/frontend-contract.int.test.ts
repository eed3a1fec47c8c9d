import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Configuration, FrontendApi, ResponseError } from '@ory/client-fetch';
import { createTestDatabase } from '@bof/db/testing';
import type { DatabaseHandle } from '@bof/db/client';
import { listOutbox } from './courier/mailer';
import { codeOf } from './courier/dev-mailbox-page';
import { createCookieJarFetch } from './testing/cookie-jar-fetch';
import { kratosSchemaErrors } from './testing/kratos-schemas';
import { TEST_BASE, TEST_SITE, testIdentityServer } from './testing/test-identity-server';

// The contract: every FrontendApi method of the official SDK that the product's issue lists, called on
// this server, each answer's body validated against its schema in Kratos's OpenAPI document. (The token
// exchange's successful answer needs a provider round trip: oidc-native.int.test.ts makes it.)

let handle: DatabaseHandle;
let env: ReturnType<typeof testIdentityServer>;
const called = new Set<string>();

beforeAll(async () => {
  handle = await createTestDatabase();
  env = testIdentityServer(handle.db);
});
afterAll(async () => handle.close());

/** A client of the SDK over a cookie jar; `conforms` checks the last answer against a schema. */
function client() {
  const jar = createCookieJarFetch(env.server);
  const api = new FrontendApi(new Configuration({ basePath: TEST_BASE, fetchApi: jar.fetch }));
  const conforms = (method: string, schema: string) => {
    called.add(method);
    const last = jar.state.last!;
    const body = schema.endsWith('[]') ? last.body : last.body;
    if (schema.endsWith('[]')) {
      expect(Array.isArray(body)).toBe(true);
      for (const item of body as unknown[]) expect(kratosSchemaErrors(schema.slice(0, -2), item)).toBe('');
    } else expect(kratosSchemaErrors(schema, body)).toBe('');
    return last;
  };
  return { jar, api, conforms };
}

async function fails(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ResponseError) return error.response;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const csrfOf = (flow: { ui: { nodes: { attributes: unknown }[] } }) =>
  String(
    flow.ui.nodes
      .map((n) => n.attributes as { name?: string; value?: string })
      .find((a) => a.name === 'csrf_token')?.value ?? '',
  );

async function codeFor(address: string) {
  const message = (await listOutbox(handle.db)).find((m) => m.recipient === address);
  return codeOf(message!.bodyText)!;
}

describe('FrontendApi on a browser', () => {
  it('creates, gets and updates every flow, and manages sessions and logout', async () => {
    const { api, conforms, jar } = client();
    const email = 'contract@example.com';

    const registration = await api.createBrowserRegistrationFlow({ returnTo: `${TEST_SITE}/` });
    conforms('createBrowserRegistrationFlow', 'registrationFlow');
    await api.getRegistrationFlow({ id: registration.id });
    conforms('getRegistrationFlow', 'registrationFlow');
    const registered = await api.updateRegistrationFlow({
      flow: registration.id,
      updateRegistrationFlowBody: {
        method: 'password',
        password: 'velvet-runway-42',
        traits: { email },
        csrf_token: csrfOf(registration),
      },
    });
    conforms('updateRegistrationFlow', 'successfulNativeRegistration');

    const verification = await api.createBrowserVerificationFlow();
    conforms('createBrowserVerificationFlow', 'verificationFlow');
    const shownVerification = registered.continue_with?.find((c) => c.action === 'show_verification_ui') as
      { flow: { id: string } } | undefined;
    await api.getVerificationFlow({ id: shownVerification!.flow.id });
    conforms('getVerificationFlow', 'verificationFlow');
    const verified = await api.updateVerificationFlow({
      flow: shownVerification!.flow.id,
      updateVerificationFlowBody: {
        method: 'code',
        code: await codeFor(email),
        csrf_token: csrfOf(verification),
      },
    });
    conforms('updateVerificationFlow', 'verificationFlow');
    expect(verified.state).toBe('passed_challenge');

    await api.toSession();
    conforms('toSession', 'session');

    const settings = await api.createBrowserSettingsFlow();
    conforms('createBrowserSettingsFlow', 'settingsFlow');
    await api.getSettingsFlow({ id: settings.id });
    conforms('getSettingsFlow', 'settingsFlow');
    await api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: {
        method: 'profile',
        traits: { email, name: { first: 'Con', last: 'Tract' } },
        csrf_token: csrfOf(settings),
      },
    });
    conforms('updateSettingsFlow', 'settingsFlow');

    // A second and third device, listed, one revoked, then all others.
    const devices = [client(), client()];
    for (const d of devices) {
      const login = await d.api.createBrowserLoginFlow();
      d.conforms('createBrowserLoginFlow', 'loginFlow');
      await d.api.getLoginFlow({ id: login.id });
      d.conforms('getLoginFlow', 'loginFlow');
      await d.api.updateLoginFlow({
        flow: login.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: email,
          password: 'velvet-runway-42',
          csrf_token: csrfOf(login),
        },
      });
      d.conforms('updateLoginFlow', 'successfulNativeLogin');
    }
    const listed = await api.listMySessions({ pageSize: 10 });
    conforms('listMySessions', 'session[]');
    expect(listed).toHaveLength(2);
    await api.disableMySession({ id: listed[0]!.id });
    called.add('disableMySession');
    expect(jar.state.last!.status).toBe(204);
    await api.disableMyOtherSessions();
    conforms('disableMyOtherSessions', 'deleteMySessionsCount');
    expect(jar.state.last!.body).toEqual({ count: 1 });
    for (const d of devices) expect((await fails(d.api.toSession())).status).toBe(401);

    // Recovery from another browser.
    const lost = client();
    const recovery = await lost.api.createBrowserRecoveryFlow();
    lost.conforms('createBrowserRecoveryFlow', 'recoveryFlow');
    await lost.api.getRecoveryFlow({ id: recovery.id });
    lost.conforms('getRecoveryFlow', 'recoveryFlow');
    await lost.api.updateRecoveryFlow({
      flow: recovery.id,
      updateRecoveryFlowBody: { method: 'code', email, csrf_token: csrfOf(recovery) },
    });
    lost.conforms('updateRecoveryFlow', 'recoveryFlow');

    // Errors and the WebAuthn script.
    const res = await env.server.fetch(
      new Request(`${TEST_BASE}/self-service/login/browser?return_to=https://evil.test/`, {
        headers: { accept: 'text/html' },
      }),
    );
    const errorId = new URL(res.headers.get('location')!).searchParams.get('error')!;
    await api.getFlowError({ id: errorId });
    conforms('getFlowError', 'flowError');
    const script = await api.getWebAuthnJavaScript();
    called.add('getWebAuthnJavaScript');
    expect(script).toContain('WebAuthnLogin: webAuthnLogin');

    // Logout.
    const logout = await api.createBrowserLogoutFlow({ returnTo: `${TEST_SITE}/user/logout/` });
    conforms('createBrowserLogoutFlow', 'logoutFlow');
    await api.updateLogoutFlow({ token: logout.logout_token });
    called.add('updateLogoutFlow');
    expect(jar.state.last!.status).toBe(204);
    expect((await fails(api.toSession())).status).toBe(401);
    conforms('toSession', 'errorGeneric');
  });
});

describe('FrontendApi in a native app', () => {
  it('creates, gets and updates every flow with a session token, and logs out', async () => {
    const { api, conforms } = client();
    const email = 'contract.native@example.com';
    const registration = await api.createNativeRegistrationFlow();
    conforms('createNativeRegistrationFlow', 'registrationFlow');
    const done = await api.updateRegistrationFlow({
      flow: registration.id,
      updateRegistrationFlowBody: { method: 'password', password: 'tailored-coat-19', traits: { email } },
    });
    conforms('updateRegistrationFlow', 'successfulNativeRegistration');
    const xSessionToken = done.session_token!;

    const login = await api.createNativeLoginFlow({ refresh: true, xSessionToken });
    conforms('createNativeLoginFlow', 'loginFlow');

    const settings = await api.createNativeSettingsFlow({ xSessionToken });
    conforms('createNativeSettingsFlow', 'settingsFlow');
    await api.getSettingsFlow({ id: settings.id, xSessionToken });
    conforms('getSettingsFlow', 'settingsFlow');
    await api.updateSettingsFlow({
      flow: settings.id,
      xSessionToken,
      updateSettingsFlowBody: { method: 'password', password: 'another-coat-2026' },
    });
    conforms('updateSettingsFlow', 'settingsFlow');
    await api.updateLoginFlow({
      flow: login.id,
      xSessionToken,
      updateLoginFlowBody: { method: 'password', identifier: email, password: 'another-coat-2026' },
    });
    conforms('updateLoginFlow', 'successfulNativeLogin');

    const verification = await api.createNativeVerificationFlow();
    conforms('createNativeVerificationFlow', 'verificationFlow');
    await api.updateVerificationFlow({
      flow: verification.id,
      updateVerificationFlowBody: { method: 'code', email },
    });
    conforms('updateVerificationFlow', 'verificationFlow');

    const recovery = await api.createNativeRecoveryFlow();
    conforms('createNativeRecoveryFlow', 'recoveryFlow');
    await api.updateRecoveryFlow({ flow: recovery.id, updateRecoveryFlowBody: { method: 'code', email } });
    conforms('updateRecoveryFlow', 'recoveryFlow');

    await api.toSession({ xSessionToken });
    conforms('toSession', 'session');
    await api.listMySessions({ xSessionToken });
    conforms('listMySessions', 'session[]');

    expect(
      (await fails(api.exchangeSessionToken({ initCode: 'unknown-init', returnToCode: 'unknown-return' })))
        .status,
    ).toBe(404);
    conforms('exchangeSessionToken', 'errorGeneric');

    await api.performNativeLogout({ performNativeLogoutBody: { session_token: xSessionToken } });
    called.add('performNativeLogout');
    expect((await fails(api.toSession({ xSessionToken }))).status).toBe(401);
  });

  it('called every FrontendApi method the product uses', () => {
    expect([...called].sort()).toEqual(
      [
        'createBrowserLoginFlow',
        'createBrowserLogoutFlow',
        'createBrowserRecoveryFlow',
        'createBrowserRegistrationFlow',
        'createBrowserSettingsFlow',
        'createBrowserVerificationFlow',
        'createNativeLoginFlow',
        'createNativeRecoveryFlow',
        'createNativeRegistrationFlow',
        'createNativeSettingsFlow',
        'createNativeVerificationFlow',
        'disableMyOtherSessions',
        'disableMySession',
        'exchangeSessionToken',
        'getFlowError',
        'getLoginFlow',
        'getRecoveryFlow',
        'getRegistrationFlow',
        'getSettingsFlow',
        'getVerificationFlow',
        'getWebAuthnJavaScript',
        'listMySessions',
        'performNativeLogout',
        'toSession',
        'updateLoginFlow',
        'updateLogoutFlow',
        'updateRecoveryFlow',
        'updateRegistrationFlow',
        'updateSettingsFlow',
        'updateVerificationFlow',
      ].sort(),
    );
  });
});
