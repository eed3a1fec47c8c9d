import type { Instrumentation } from 'next';

// Next inlines NEXT_RUNTIME per bundle, so the Edge bundle drops the Node-only reporter entirely.
// eslint-disable-next-line no-restricted-properties
const onNode = process.env.NEXT_RUNTIME === 'nodejs';

export async function register(): Promise<void> {
  if (onNode) await (await import('./server/error-reporting')).startErrorReporting();
}

/** Every error a route, page or server action throws, with the request it came from. */
export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  if (onNode) await (await import('./server/error-reporting')).reportRequestError(...args);
};
