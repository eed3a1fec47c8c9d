// A second server process for the cross-process integration test (second-process-story.int.test.ts): the
// product's services on the database named by DATABASE_URL, and story requests answered as the server entry
// answers them (the access gate, then the story page cache, emptied by the content change feed). Only the
// page itself is drawn here, from the story the content service reads, instead of by Next.js, which needs a
// build; it names its access decision as the real page does, so the cache stores it. Prints `listening
// <port>` once it answers, and stops on SIGTERM.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { decodeGateResult, ACCESS_HEADER } from '@bof/api/access';
import { handleStoryRequest } from '../access/story-entry';
import { cacheShape, startStoryPageCache } from '../access/story-page-server';
import { DECISION_ATTRIBUTE, shapeDigest } from '../access/story-page-cache';
import { getServerEnv } from '@bof/config/server';
import { startProduct } from './start-product';

const { databaseUrl } = getServerEnv();
if (!databaseUrl) throw new Error('DATABASE_URL names the database the first process writes to.');

const product = await startProduct({
  env: { DATABASE_URL: databaseUrl },
  // Only the change feed may bring an edit here in time: the access index's own poll is far slower.
  ports: { accessIndexPollMs: 10 * 60_000 },
});
const { services } = product;

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

async function renderStory(req: IncomingMessage, res: ServerResponse) {
  const result = decodeGateResult(
    typeof req.headers[ACCESS_HEADER] === 'string' ? req.headers[ACCESS_HEADER] : null,
  );
  const slug = /\/([a-z0-9-]+)\/(?:\?|$)/.exec(req.url ?? '')?.[1] ?? '';
  try {
    const story = await services.content.story(slug);
    const marker = result
      ? ` ${DECISION_ATTRIBUTE}="${shapeDigest(cacheShape(req, { ...result, setCookies: [] }, false))}"`
      : '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><main${marker}><h1>${escape(story.headline)}</h1></main>`);
  } catch {
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><main><h1>Not found</h1></main>');
  }
}

const render = (req: IncomingMessage, res: ServerResponse) => void renderStory(req, res);
const storyPages = startStoryPageCache({
  settings: { maxBytes: 8 * 1024 * 1024, ttlMs: 10 * 60_000 },
  render,
  content: services.access.index,
});
services.contentChanges.subscribe((change) => storyPages.invalidate(change));
await services.contentChanges.ready;

const server = createServer((req, res) => {
  if (handleStoryRequest(req, res, { gate: services.access.gate, handle: render, storyPages })) return;
  res.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => {
  server.close();
  void product.close().then(() => process.exit(0));
});
