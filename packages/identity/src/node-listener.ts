import { getRequestListener } from '@hono/node-server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IdentityServer } from './identity-server';
import { warmPasswordEstimator } from './security/password-strength';

/**
 * Node `http` adapters for the identity server: `handles` tells whether a request path belongs to it
 * (its mount and, in the embedded mode, `/_dev/mail/`), `listener` answers it, telling the server the
 * socket's peer address (the client, or the nearest proxy).
 */
export function createIdentityNodeHandler(server: IdentityServer, mountPath: string) {
  const mount = mountPath.replace(/\/+$/, '');
  // The password dictionaries load a second after the server is up, off the start-up path.
  setTimeout(warmPasswordEstimator, 1000).unref();
  const api = getRequestListener((request, env) =>
    server.fetch(request, { remoteAddress: env.incoming.socket.remoteAddress }),
  );
  const mailbox = getRequestListener((request, env) =>
    server.devMailbox(request, { remoteAddress: env.incoming.socket.remoteAddress }),
  );
  return {
    handles(url: string | undefined): boolean {
      const path = (url ?? '/').split('?')[0]!;
      return (
        path === mount || path.startsWith(`${mount}/`) || path === '/_dev/mail/' || path === '/_dev/mail'
      );
    },
    listener(req: IncomingMessage, res: ServerResponse): void {
      const path = (req.url ?? '/').split('?')[0]!;
      void (path.startsWith('/_dev/mail') ? mailbox(req, res) : api(req, res));
    },
  };
}
