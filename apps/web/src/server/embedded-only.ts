import type { ServerEnv } from '@bof/config/server';
import { runningServices } from '@bof/api/running-services';
import { CLIENT_ADDRESS_HEADER, clientIp } from '@bof/http/client-ip';
import { isLoopbackIp } from '@bof/http/loopback';

/** Why a client on another machine is refused the simulator and the developer tools. */
export const LOOPBACK_ONLY_MESSAGE =
  'The billing simulator answers only requests from this machine. Set DEV_TOOLS_ALLOW_REMOTE=1 to open it to others.';

/**
 * Whether a request may use the embedded development tools: only on the embedded defaults, and only from
 * this machine (a loopback client address, X-Forwarded-For believed only through IDENTITY_TRUSTED_PROXIES)
 * unless DEV_TOOLS_ALLOW_REMOTE opens them: they move every reader's billing clock and make card tokens.
 */
export function devToolsAccess(
  headers: Pick<Headers, 'get'>,
  env: Pick<ServerEnv, 'embedded' | 'devToolsAllowRemote' | 'identity'>,
): 'allowed' | 'not-embedded' | 'not-loopback' {
  if (!env.embedded) return 'not-embedded';
  if (env.devToolsAllowRemote) return 'allowed';
  const ip = clientIp({
    socketAddress: headers.get(CLIENT_ADDRESS_HEADER),
    forwardedFor: headers.get('x-forwarded-for'),
    trustedProxies: env.identity.trustedProxies,
  });
  return isLoopbackIp(ip) ? 'allowed' : 'not-loopback';
}

/**
 * The simulator's and the developer tools' endpoints: null when the request may go on; otherwise the
 * answer, 404 off the embedded defaults, 403 (JSON, with a code) to a client on another machine.
 */
export async function embeddedOnly(request: Request): Promise<Response | null> {
  const { env } = await runningServices();
  switch (devToolsAccess(request.headers, env)) {
    case 'allowed':
      return null;
    case 'not-embedded':
      return new Response('Not found', { status: 404 });
    case 'not-loopback':
      return Response.json(
        { error: { code: 'dev_tools_loopback_only', field: null, message: LOOPBACK_ONLY_MESSAGE } },
        { status: 403, headers: { 'cache-control': 'no-store' } },
      );
  }
}
