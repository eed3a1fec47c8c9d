import { ServerResponse, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import type { RenderedPage } from './story-page-cache';

type Render = (req: IncomingMessage, res: ServerResponse) => unknown;
type Callback = (error?: Error | null) => void;

const toBuffer = (chunk: unknown, encoding?: BufferEncoding): Buffer =>
  typeof chunk === 'string' ? Buffer.from(chunk, encoding ?? 'utf8') : Buffer.from(chunk as Uint8Array); // a copy: the writer may reuse its chunk

/**
 * Renders a request through a request handler (Next.js's) into memory instead of onto the socket: a
 * ServerResponse whose headers work as usual and whose body is collected until `end()`. Nothing reaches
 * the client; the caller decides what to send.
 */
export function renderToBuffer(req: IncomingMessage, render: Render): Promise<RenderedPage> {
  return new Promise((resolve, reject) => {
    const res = new ServerResponse(req);
    const chunks: Buffer[] = [];
    let started = false;
    Object.defineProperty(res, 'headersSent', { get: () => started });

    res.writeHead = function writeHead(
      status: number,
      reason?: string | OutgoingHttpHeaders | readonly unknown[],
      headers?: OutgoingHttpHeaders | readonly unknown[],
    ) {
      const fields = typeof reason === 'string' ? headers : reason;
      res.statusCode = status;
      if (Array.isArray(fields)) {
        const flat = Array.isArray(fields[0]) ? (fields as unknown[][]).flat() : (fields as unknown[]);
        for (let i = 0; i + 1 < flat.length; i += 2) res.appendHeader(String(flat[i]), String(flat[i + 1]));
      } else if (fields) {
        for (const [name, value] of Object.entries(fields))
          if (value !== undefined && value !== null) res.setHeader(name, value as string | number | string[]);
      }
      started = true;
      return res;
    } as ServerResponse['writeHead'];

    res.flushHeaders = () => {
      started = true;
    };

    res.write = function write(chunk: unknown, encoding?: BufferEncoding | Callback, callback?: Callback) {
      const done = typeof encoding === 'function' ? encoding : callback;
      started = true;
      if (chunk !== undefined && chunk !== null)
        chunks.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
      if (done) process.nextTick(done);
      return true;
    } as ServerResponse['write'];

    res.end = function end(chunk?: unknown, encoding?: BufferEncoding | Callback, callback?: Callback) {
      const done = [chunk, encoding, callback].find((arg): arg is Callback => typeof arg === 'function');
      if (res.finished) return res;
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
        chunks.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
      started = true;
      res.finished = true;
      resolve({ status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks) });
      process.nextTick(() => {
        res.emit('prefinish');
        res.emit('finish');
        res.emit('close');
        done?.();
      });
      return res;
    } as ServerResponse['end'];

    Promise.resolve()
      .then(() => render(req, res))
      .catch(reject);
  });
}
