import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { IdentityUi } from '../../client/identity/identity-client';
import { FlowForm } from './flow-form';

const ui: IdentityUi = {
  action: 'https://www.example.org/identity/self-service/login?flow=f1',
  method: 'POST',
  messages: [
    { id: 4000035, type: 'error', text: 'This account does not exist or has not set up sign in with code.' },
  ],
  nodes: [
    {
      type: 'input',
      group: 'default',
      attributes: { node_type: 'input', name: 'csrf_token', type: 'hidden', value: 'tok' },
      messages: [],
      meta: {},
    },
    {
      type: 'input',
      group: 'default',
      attributes: {
        node_type: 'input',
        name: 'identifier',
        type: 'email',
        value: 'a@example.org',
        required: true,
        autocomplete: 'username',
      },
      messages: [{ id: 4000002, type: 'error', text: 'Property identifier is missing.' }],
      meta: { label: { id: 1070004, type: 'info', text: 'E-mail' } },
    },
    {
      type: 'input',
      group: 'password',
      attributes: {
        node_type: 'input',
        name: 'password',
        type: 'password',
        required: true,
        autocomplete: 'current-password',
      },
      messages: [],
      meta: { label: { id: 1070001, type: 'info', text: 'Password' } },
    },
    {
      type: 'input',
      group: 'password',
      attributes: { node_type: 'input', name: 'method', type: 'submit', value: 'password' },
      messages: [],
      meta: { label: { id: 1010001, type: 'info', text: 'Sign in' } },
    },
    {
      type: 'input',
      group: 'oidc',
      attributes: { node_type: 'input', name: 'provider', type: 'submit', value: 'google' },
      messages: [],
      meta: { label: { id: 1010002, type: 'info', text: 'Sign in with google' } },
    },
  ],
};

describe('FlowForm', () => {
  const html = renderToStaticMarkup(<FlowForm ui={ui} idPrefix="login" />);

  it('posts to the flow action with the flow method', () => {
    expect(html).toContain('action="https://www.example.org/identity/self-service/login?flow=f1"');
    expect(html).toContain('method="POST"');
  });

  it('carries the CSRF token and labelled fields with their values', () => {
    expect(html).toContain('<input type="hidden" name="csrf_token" value="tok"/>');
    expect(html).toMatch(/<label for="login-default-0"[^>]*>E-mail<\/label>/);
    const identifier = html.match(/<input id="login-default-0"[^>]*>/)?.[0] ?? '';
    for (const attribute of ['type="email"', 'name="identifier"', 'value="a@example.org"', 'required=""']) {
      expect(identifier).toContain(attribute);
    }
    expect(html).toContain('autoComplete="current-password"');
  });

  it('shows flow and field messages, errors as alerts, with their ids', () => {
    expect(html).toContain('data-message-id="4000035"');
    expect(html).toMatch(/role="alert" data-message-id="4000002"/);
    expect(html).toContain('aria-invalid="true"');
  });

  it('puts social buttons first, labelled for people, skipping form validation', () => {
    expect(html.indexOf('Continue with Google')).toBeLessThan(html.indexOf('name="password"'));
    expect(html).toMatch(
      /formNoValidate=""[^>]*>Continue with Google|name="provider" value="google"[^>]*formNoValidate/i,
    );
  });

  it('can leave a group out', () => {
    expect(renderToStaticMarkup(<FlowForm ui={ui} idPrefix="x" hideGroups={['oidc']} />)).not.toContain(
      'Google',
    );
  });

  describe('social buttons appear only when the provider offers them (it does when one is configured)', () => {
    const oidc = (provider: string) => ({
      type: 'input' as const,
      group: 'oidc',
      attributes: { node_type: 'input', name: 'provider', type: 'submit', value: provider },
      messages: [],
      meta: { label: { id: 1010002, type: 'info' as const, text: `Sign in with ${provider}` } },
    });
    const withoutSocial = { ...ui, nodes: ui.nodes.filter((n) => n.group !== 'oidc') };
    const providersIn = (html: string) =>
      [...html.matchAll(/<button[^>]*>/g)]
        .filter((m) => m[0].includes('name="provider"'))
        .map((m) => /value="([a-z]+)"/.exec(m[0])?.[1]);

    it('none configured: no social button, no empty "another account" group', () => {
      const html = renderToStaticMarkup(<FlowForm ui={withoutSocial} idPrefix="login" />);
      expect(providersIn(html)).toEqual([]);
      expect(html).not.toContain('Continue with');
      expect(html).not.toContain('data-group="oidc"');
    });

    it('only Apple configured: only the Apple button', () => {
      const html = renderToStaticMarkup(
        <FlowForm
          ui={{ ...withoutSocial, nodes: [...withoutSocial.nodes, oidc('apple')] }}
          idPrefix="login"
        />,
      );
      expect(providersIn(html)).toEqual(['apple']);
      expect(html).toContain('Continue with Apple');
      expect(html).not.toContain('Google');
    });

    it('both configured: both buttons, in the order given', () => {
      const html = renderToStaticMarkup(
        <FlowForm
          ui={{ ...withoutSocial, nodes: [...withoutSocial.nodes, oidc('google'), oidc('apple')] }}
          idPrefix="login"
        />,
      );
      expect(providersIn(html)).toEqual(['google', 'apple']);
    });

    it('renders every node it is given, and nothing else', () => {
      const html = renderToStaticMarkup(<FlowForm ui={ui} idPrefix="login" />);
      const named = [...html.matchAll(/<(?:input|button)[^>]*>/g)]
        .map((m) => / name="([^"]+)"/.exec(m[0])?.[1])
        .sort();
      expect(named).toEqual(ui.nodes.map((n) => String(n.attributes.name)).sort());
    });
  });
});
