// The GraphQL endpoint alone, for bench/graphql-throughput.mjs --mode handler: the product's handler
// (createGraphQLHandler, production configuration, real limits) over the product's services on an
// in-memory PGlite with the seeds and `--synthetic` more stories, served by node:http without Next.js.
// It measures the GraphQL layer and the database work, not the route-handler layer in front of them.
//
//   npx tsx bench/graphql-handler-server.ts --port 3117 [--synthetic 150]
import http from 'node:http';
import { parseArgs } from 'node:util';
import { importContentInto } from '../packages/api/src/modules/content/content.module';
import { memorySource } from '../packages/api/src/modules/content/content-source';
import { demoTaxonomy } from '../packages/api/src/modules/content/demo-edition';
import { syntheticCorpus } from '../packages/api/src/modules/content/synthetic-corpus';
import { createGraphQLHarness } from '../packages/api/src/testing/graphql-harness';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string' },
    synthetic: { type: 'string', default: '150' },
  },
});
if (!args.port) {
  console.error('--port is required.');
  process.exit(64);
}
const harness = await createGraphQLHarness({ production: true });
const synthetic = Number(args.synthetic);
if (synthetic > 0) {
  const records = [...syntheticCorpus(synthetic, demoTaxonomy())];
  await importContentInto(
    harness.db,
    memorySource(records.map((value, i) => ({ source: 'synthetic', record: i + 1, value }))),
  );
}

const server = http.createServer(async (req, res) => {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = req.method === 'POST' ? Buffer.concat(chunks) : undefined;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    const response = await harness.handler(
      new Request(`http://127.0.0.1:${args.port}${req.url}`, { method: req.method, headers, body }),
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, {
      'content-type': response.headers.get('content-type') ?? 'application/json',
      'content-length': bytes.length,
    });
    res.end(bytes);
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
server.listen(Number(args.port), '127.0.0.1', () => console.error(`GraphQL handler on ${args.port}`));
