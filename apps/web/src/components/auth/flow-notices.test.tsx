import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { IdentityFlow, IdentityUiText } from '../../client/identity/identity-client';
import { IdentityApiError, IdentityFetchError } from '../../client/identity/identity-errors';
import { FlowErrorCard } from './flow-error-card';
import { FlowNotices, MESSAGE_CODES } from './flow-notices';

const returnTo = 'https://www.example.org/articles/news/a-story/';
const encoded = encodeURIComponent(returnTo);

const flowWith = (flowMessages: IdentityUiText[], fieldMessages: IdentityUiText[] = []): IdentityFlow => ({
  id: 'f1',
  type: 'browser',
  expires_at: '2030-01-01T00:00:00Z',
  ui: {
    action: 'https://www.example.org/identity/self-service/registration?flow=f1',
    method: 'POST',
    messages: flowMessages,
    nodes: [
      {
        type: 'input',
        group: 'default',
        attributes: { node_type: 'input', name: 'traits.email', type: 'email' },
        messages: fieldMessages,
        meta: {},
      },
    ],
  },
});
const message = (id: number, text = 'provider text'): IdentityUiText => ({ id, type: 'error', text });
/** Next's Link drops a trailing slash outside the app (the app's config keeps it): either is the page. */
const link = (path: string, query = '') =>
  new RegExp(`href="${path.replace(/\/$/, '')}/?${query.replace(/[?]/g, '\\?')}"`);
const render = (flow: IdentityFlow, target: string | null = returnTo) =>
  renderToStaticMarkup(<FlowNotices flow={flow} returnTo={target ?? undefined} />);

describe('FlowNotices (spec §8 message codes)', () => {
  it('uses the spec codes', () => {
    expect(MESSAGE_CODES).toEqual({
      MISSING_USER_ON_LOGIN: 4000035,
      ACCOUNT_LINKING: 1010016,
      EXISTING_ACCOUNT_SIGNUP: 4000028,
    });
  });

  it('4000035, no account for this identifier: offers registration, going to the same place', () => {
    const html = render(flowWith([message(4000035)]));
    expect(html).toContain('aria-label="No account"');
    expect(html).toContain('There is no account for this address yet');
    expect(html).toMatch(link('/user/register/', `?return_to=${encoded}`));
    expect(html).toContain('Create an account');
  });

  it('4000028, the account exists: offers sign-in and a password reset, going to the same place', () => {
    const html = render(
      flowWith([], [message(4000028, 'An account with the same identifier exists already.')]),
    );
    expect(html).toContain('aria-label="Account exists"');
    expect(html).toContain('You already have an account');
    expect(html).toMatch(link('/user/login/', `?return_to=${encoded}`));
    expect(html).toContain('Sign in instead');
    expect(html).toMatch(link('/user/recovery/', `?return_to=${encoded}`));
    expect(html).not.toContain('/user/register/');
  });

  it('1010016, account linking: explains, and lets the reader continue with the form below', () => {
    const html = render(flowWith([{ id: 1010016, type: 'info', text: 'Link your accounts' }]));
    expect(html).toContain('aria-label="Link accounts"');
    expect(html).toContain('Connect your sign-in methods');
    expect(html).toMatch(/Sign in the way you usually do below/);
    // Nothing takes the reader away from the flow they are finishing.
    expect(html).not.toContain('href=');
  });

  it('without a target, its links carry none', () => {
    expect(render(flowWith([message(4000035)]), null)).toMatch(link('/user/register/'));
  });

  it('shows nothing for other messages', () => {
    expect(render(flowWith([message(4000006, 'wrong password')]))).toBe('');
    expect(render(flowWith([]))).toBe('');
  });
});

describe('FlowErrorCard (spec §8 texts)', () => {
  const card = (
    error: unknown,
    type: 'login' | 'registration' | 'verification' = 'login',
    target: string | null = returnTo,
  ) =>
    renderToStaticMarkup(
      <FlowErrorCard title="Sign in" type={type} error={error} returnTo={target ?? undefined} />,
    );

  it('shows the fetch-error sentence, "[id] message", or the fallback', () => {
    expect(card(new IdentityFetchError(new TypeError('fetch failed')))).toContain(
      'An error has occurred. Please try to login or register again.',
    );
    expect(card(new IdentityApiError(410, 'self_service_flow_expired', 'The flow expired.', null))).toContain(
      '[self_service_flow_expired] The flow expired.',
    );
    expect(card(new IdentityApiError(500, undefined, '', null))).toContain('Something went wrong!');
  });

  it('"Try again" restarts the same flow, keeping where it returns to', () => {
    expect(card(new Error('x'))).toMatch(link('/user/login/', `?return_to=${encoded}`));
    expect(card(new Error('x'), 'registration')).toMatch(link('/user/register/', `?return_to=${encoded}`));
    expect(card(new Error('x'), 'verification')).toMatch(
      link('/user/confirm-email', `?return_to=${encoded}`),
    );
    expect(card(new Error('x'), 'login', null)).toMatch(link('/user/login/'));
  });
});
