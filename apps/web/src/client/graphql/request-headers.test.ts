import { describe, expect, it } from 'vitest';
import { graphQLRequestHeaders } from './request-headers';

describe('graphQLRequestHeaders', () => {
  it('sends the app version and name when configured', () => {
    expect(graphQLRequestHeaders({ appVersion: '8.57.0', appName: 'frontend' })).toEqual({
      'x-app-version': '8.57.0',
      'x-app-name': 'frontend',
    });
  });

  it('leaves out what is not configured (missing or blank)', () => {
    expect(graphQLRequestHeaders({})).toEqual({});
    expect(graphQLRequestHeaders({ appVersion: '  ', appName: null })).toEqual({});
    expect(graphQLRequestHeaders({ appName: 'frontend' })).toEqual({ 'x-app-name': 'frontend' });
  });

  it('sends the captcha token only when one is supplied', () => {
    expect(graphQLRequestHeaders({ appVersion: '1', captchaToken: 'tok-123' })).toEqual({
      'x-app-version': '1',
      'x-captcha-token': 'tok-123',
    });
    expect(graphQLRequestHeaders({ captchaToken: '' })).toEqual({});
    expect(graphQLRequestHeaders({ captchaToken: undefined })).toEqual({});
  });
});
