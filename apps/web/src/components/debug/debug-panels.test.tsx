import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_AUTH_STATE } from '../../client/auth/auth-state';
import { DebugPanels } from './debug-panels';
import { rawSessionClaims } from './raw-claims';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: unknown) => `${base64url({ alg: 'ES256' })}.${base64url(claims)}.signature`;

describe('rawSessionClaims', () => {
  it('gives the claims exactly as issued, unknown ones included', () => {
    const claims = { user_id: 'u-1', is_challenged: true, exp: 1_800_000_000, something_new: 'kept' };
    expect(rawSessionClaims(`bof_cc=x; bof_session=${token(claims)}`)).toEqual(claims);
  });

  it('is null without a token and says why a token cannot be read', () => {
    expect(rawSessionClaims('bof_cc=x')).toBeNull();
    expect(rawSessionClaims('bof_session=garbage')).toEqual({ unreadable: 'not a JWT' });
    expect(rawSessionClaims(`bof_session=a.${base64url([1])}.c`)).toEqual({ unreadable: 'not an object' });
  });
});

describe('DebugPanels', () => {
  it('shows the auth state, the raw claims, the consent with its tags, other panels and recent events', () => {
    const html = renderToStaticMarkup(
      <DebugPanels
        auth={UNKNOWN_AUTH_STATE}
        claims={{ user_id: 'u-1', is_challenged: true }}
        consent={{ status: 'given', categories: ['necessary', 'embeds'] }}
        tags={{ ad_pixel: { status: 'ready', queued: 0 } }}
        events={[{ name: 'wall_seen', data: { placement: 'inline' }, at: Date.UTC(2026, 10, 24, 9, 30) }]}
        slots={[{ title: 'Paywall decision', render: () => <p>registration wall</p> }]}
      />,
    );
    const decoded = html.replaceAll('&quot;', '"');
    for (const title of [
      'Auth state',
      'Session token claims',
      'Consent',
      'Paywall decision',
      'Recent analytics events (1)',
    ])
      expect(html).toContain(`>${title}</h2>`);
    expect(decoded).toContain('"status": "unknown"');
    expect(decoded).toContain('"is_challenged": true');
    expect(decoded).toContain('"categories": [\n    "necessary",\n    "embeds"\n  ]');
    expect(decoded).toContain('"ad_pixel"');
    expect(html).toContain('<p>registration wall</p>');
    expect(html).toContain(' wall_seen</summary>');
    expect(decoded).toContain('"placement": "inline"');
  });

  it('says when there is no token, no consented tag and no event yet', () => {
    const html = renderToStaticMarkup(
      <DebugPanels
        auth={UNKNOWN_AUTH_STATE}
        claims={null}
        consent={{ status: 'pending' }}
        tags={null}
        events={[]}
        slots={[]}
      />,
    );
    expect(html).toContain('No session token.');
    expect(html.replaceAll('&quot;', '"')).toContain('not loaded (no non-essential consent)');
    expect(html).toContain('None yet.');
  });
});
