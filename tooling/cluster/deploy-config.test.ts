import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseServerEnv } from '@bof/config/server';
import { identityConfigFromEnv } from '@bof/identity/config';
import { IDENTITY_SCHEMA } from '../../packages/identity/src/routes/public-routes';
// @ts-expect-error: a plain ES module of the tooling, without types
import { composeFindings, dockerfileFindings } from './lint-containers.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the Ory Kratos configuration of compose.yaml', () => {
  it('has the identity schema the built-in identity server serves', () => {
    expect(JSON.parse(read('deploy/kratos/identity.schema.json'))).toEqual(IDENTITY_SCHEMA);
  });

  it("has the built-in server's lifespans and pages", () => {
    const kratos = parse(read('deploy/kratos/kratos.yml'));
    const builtIn = identityConfigFromEnv(parseServerEnv({ SITE_URL: 'http://localhost:8080' }));
    const seconds = (value: string) => {
      const [, n, unit] = /^(\d+)([smh])$/.exec(value)!;
      return Number(n) * { s: 1, m: 60, h: 3600 }[unit as 's' | 'm' | 'h'];
    };
    expect(seconds(kratos.session.lifespan)).toBe(builtIn.sessionLifespanSeconds);
    expect(seconds(kratos.selfservice.flows.settings.privileged_session_max_age)).toBe(
      builtIn.privilegedSessionMaxAgeSeconds,
    );
    expect(seconds(kratos.selfservice.flows.login.lifespan)).toBe(builtIn.flowLifespanSeconds);
    expect(seconds(kratos.selfservice.methods.code.config.lifespan)).toBe(builtIn.codeLifespanSeconds);
    expect(kratos.selfservice.flows.login.ui_url).toBe(builtIn.ui.login);
    expect(kratos.selfservice.flows.registration.ui_url).toBe(builtIn.ui.registration);
    expect(kratos.selfservice.flows.recovery.ui_url).toBe(builtIn.ui.recovery);
    expect(kratos.selfservice.flows.verification.ui_url).toBe(builtIn.ui.verification);
    expect(kratos.selfservice.flows.settings.ui_url).toBe(builtIn.ui.settings);
    expect(kratos.selfservice.flows.logout.after.default_browser_return_url).toBe(builtIn.afterLogoutUrl);
    expect(kratos.selfservice.default_browser_return_url).toBe(builtIn.defaultReturnUrl);
    expect(kratos.serve.public.base_url).toBe(`${builtIn.publicBaseUrl}/`);
  });
});

describe('the container linter', () => {
  it('passes the Dockerfile and compose.yaml', () => {
    expect(dockerfileFindings(read('Dockerfile'))).toEqual([]);
    expect(composeFindings(read('compose.yaml'))).toEqual([]);
  });

  it('finds what hadolint would in a careless Dockerfile, and unpinned or public services', () => {
    expect(dockerfileFindings('FROM node:latest\nRUN cd /x && npm install\nCMD node x\n')).toEqual([
      'not a multi-stage build',
      "line 1: pin the base image's version (node:latest)",
      'the final stage must run as a non-root user',
      'the final stage has no HEALTHCHECK',
      'use the exec form of CMD',
      'line 2: use WORKDIR, not cd',
      'line 2: use npm ci',
    ]);
    expect(
      composeFindings('services:\n  a:\n    image: x:latest\n    ports: ["80:80"]\n    bogus: 1\n'),
    ).toEqual([
      '/services/a must NOT have additional properties',
      "a: pin the image's version (x:latest)",
      'a: publish 80:80 on 127.0.0.1 only',
    ]);
  });
});
