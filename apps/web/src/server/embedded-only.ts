import { runningServices } from '@bof/api/running-services';

/** The simulator's and the developer tools' endpoints exist only on the embedded defaults. */
export async function embeddedOnly(): Promise<Response | null> {
  const { env } = await runningServices();
  return env.embedded ? null : new Response('Not found', { status: 404 });
}
