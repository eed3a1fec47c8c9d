import { getPlatform } from '@bof/api/platform';

/** The simulator's and the developer tools' endpoints exist only on the embedded defaults. */
export async function embeddedOnly(): Promise<Response | null> {
  const platform = await getPlatform();
  return platform.env.embedded ? null : new Response('Not found', { status: 404 });
}
