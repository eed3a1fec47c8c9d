// Checks the container files, since containers cannot run in CI: the Dockerfile with dockerfile-utils'
// validator and hadolint-style rules, compose.yaml against a schema of the parts it uses and rules of
// our own, and the Kratos configuration's YAML. Exits 1 on any finding.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { validate } from 'dockerfile-utils';
import { parse, parseAllDocuments } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const findings = [];
const report = (file, message) => findings.push(`${file}: ${message}`);

/** hadolint-style rules the validator does not have. */
export function dockerfileFindings(text) {
  const found = [];
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  const instructions = lines
    .map((line, index) => ({ line: index + 1, text: line.trim() }))
    .filter((l) => l.text && !l.text.startsWith('#'))
    .map((l) => ({ ...l, keyword: l.text.split(/\s+/)[0].toUpperCase() }));
  const stages = instructions.filter((i) => i.keyword === 'FROM');
  if (stages.length < 2) found.push('not a multi-stage build');
  const stageNames = new Set(stages.map((s) => s.text.split(/\s+as\s+/i)[1]).filter(Boolean));
  for (const stage of stages) {
    const image = stage.text.split(/\s+/)[1];
    if (stageNames.has(image)) continue;
    if (!/:[\w.-]+/.test(image) || /:latest$/.test(image))
      found.push(`line ${stage.line}: pin the base image's version (${image})`);
  }
  const last = instructions.slice(instructions.lastIndexOf(stages.at(-1)));
  const user = last.filter((i) => i.keyword === 'USER').at(-1);
  if (!user || /^(USER)\s+(root|0)(:|$)/i.test(user.text))
    found.push('the final stage must run as a non-root user');
  if (!last.some((i) => i.keyword === 'HEALTHCHECK')) found.push('the final stage has no HEALTHCHECK');
  if (!last.some((i) => i.keyword === 'CMD' && i.text.trim().startsWith('CMD [')))
    found.push('use the exec form of CMD');
  for (const i of instructions) {
    if (i.keyword === 'ADD' && !/https?:\/\//.test(i.text))
      found.push(`line ${i.line}: use COPY, not ADD, for files`);
    if (/apt-get install/.test(i.text) && !/--no-install-recommends/.test(i.text))
      found.push(`line ${i.line}: apt-get install without --no-install-recommends`);
    if (/\bsudo\b/.test(i.text)) found.push(`line ${i.line}: sudo in a build`);
    if (i.keyword === 'RUN' && /\bcd\s/.test(i.text)) found.push(`line ${i.line}: use WORKDIR, not cd`);
    if (i.keyword === 'RUN' && /npm (install|i)\b/.test(i.text)) found.push(`line ${i.line}: use npm ci`);
  }
  return found;
}

/** The parts of the Compose specification compose.yaml uses (unknown keys are refused). */
const composeSchema = {
  type: 'object',
  required: ['services'],
  additionalProperties: false,
  patternProperties: { '^x-': {} },
  properties: {
    name: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' },
    services: {
      type: 'object',
      minProperties: 1,
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        anyOf: [{ required: ['image'] }, { required: ['build'] }],
        properties: {
          image: { type: 'string' },
          build: {
            anyOf: [
              { type: 'string' },
              {
                type: 'object',
                additionalProperties: false,
                properties: {
                  context: { type: 'string' },
                  dockerfile: { type: 'string' },
                  args: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
                },
              },
            ],
          },
          command: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
          working_dir: { type: 'string' },
          environment: {
            type: 'object',
            additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
          },
          ports: { type: 'array', items: { type: 'string' } },
          volumes: { type: 'array', items: { type: 'string' } },
          restart: { enum: ['no', 'always', 'on-failure', 'unless-stopped'] },
          stop_grace_period: { type: 'string', pattern: '^\\d+(ms|s|m)$' },
          depends_on: {
            anyOf: [
              { type: 'array', items: { type: 'string' } },
              {
                type: 'object',
                additionalProperties: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['condition'],
                  properties: {
                    condition: {
                      enum: ['service_started', 'service_healthy', 'service_completed_successfully'],
                    },
                  },
                },
              },
            ],
          },
          healthcheck: {
            type: 'object',
            additionalProperties: false,
            properties: {
              test: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
              interval: { type: 'string' },
              timeout: { type: 'string' },
              retries: { type: 'integer' },
              start_period: { type: 'string' },
            },
          },
        },
      },
    },
    volumes: { type: 'object' },
  },
};

export function composeFindings(text) {
  const found = [];
  const docs = parseAllDocuments(text, { merge: true });
  if (docs.length !== 1) return ['must hold one YAML document'];
  if (docs[0].errors.length) return docs[0].errors.map((e) => e.message);
  const compose = docs[0].toJS({ maxAliasCount: 100 });
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
  if (!ajv.validate(composeSchema, compose))
    for (const e of ajv.errors) found.push(`${e.instancePath || '/'} ${e.message}`);
  const services = compose.services ?? {};
  for (const [name, service] of Object.entries(services)) {
    if (
      service.image &&
      !service.image.endsWith(':local') &&
      (!/:[\w.-]+$/.test(service.image) || /:latest$/.test(service.image))
    )
      found.push(`${name}: pin the image's version (${service.image})`);
    for (const port of service.ports ?? [])
      if (!port.startsWith('127.0.0.1:')) found.push(`${name}: publish ${port} on 127.0.0.1 only`);
    for (const dep of Object.keys(Array.isArray(service.depends_on) ? {} : (service.depends_on ?? {})))
      if (!services[dep]) found.push(`${name}: depends on an unknown service ${dep}`);
    for (const dep of Array.isArray(service.depends_on) ? service.depends_on : [])
      if (!services[dep]) found.push(`${name}: depends on an unknown service ${dep}`);
    for (const [key, value] of Object.entries(service.environment ?? {}))
      if (/SECRET|PASSWORD|SIGNING_KEY/.test(key) && typeof value === 'string' && !value.includes('${'))
        found.push(`${name}: ${key} is written in the file; take it from the environment`);
  }
  return found;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const dockerfile = read('Dockerfile');
  for (const d of validate(dockerfile)) report('Dockerfile', `line ${d.range.start.line + 1}: ${d.message}`);
  for (const f of dockerfileFindings(dockerfile)) report('Dockerfile', f);
  for (const f of composeFindings(read('compose.yaml'))) report('compose.yaml', f);
  try {
    const kratos = parse(read('deploy/kratos/kratos.yml'));
    if (kratos?.identity?.default_schema_id !== 'default')
      report('deploy/kratos/kratos.yml', 'default_schema_id must be default');
  } catch (error) {
    report('deploy/kratos/kratos.yml', error.message);
  }
  if (findings.length) {
    console.error(findings.join('\n'));
    process.exit(1);
  }
  console.log('Dockerfile, compose.yaml and kratos.yml: no findings.');
}
