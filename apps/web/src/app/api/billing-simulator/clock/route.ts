import { z } from 'zod';
import { runningServices } from '@bof/api/running-services';
import { embeddedOnly } from '../../../../server/embedded-only';
import { readJsonBody } from '../../../../server/read-json-body';

export const dynamic = 'force-dynamic';

const commandSchema = z.union([
  z.object({ command: z.literal('advance'), days: z.number().min(0).max(3660) }),
  z.object({ command: z.literal('reconcile') }),
  z.object({ command: z.literal('now') }),
]);

/** Drives the billing simulator from tests and `npm run billing:simulator`: move its clock, reconcile. */
export async function POST(request: Request): Promise<Response> {
  const closed = await embeddedOnly(request);
  if (closed) return closed;
  const body = await readJsonBody(request, 1024);
  const command = body.ok ? commandSchema.safeParse(body.value) : null;
  if (!command?.success)
    return Response.json({ error: 'Expected { command: advance, days } | reconcile | now' }, { status: 400 });
  const { billing } = await runningServices();
  const simulator = billing.simulator;
  if (!simulator) return Response.json({ error: 'The billing simulator is not in use.' }, { status: 404 });
  switch (command.data.command) {
    case 'advance':
      // The move and the deliveries it causes, in turn with every other delivery round.
      return Response.json(await billing.advanceSimulatorClock(command.data.days * 86_400_000));
    case 'reconcile':
      return Response.json(await billing.reconcile());
    case 'now':
      return Response.json({ now: await simulator.now() });
  }
}
