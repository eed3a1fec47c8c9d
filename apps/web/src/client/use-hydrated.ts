import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server render and while the page hydrates, true once React runs the page. A form that
 * is handled only in the browser keeps its submit button disabled until then, so a reader (or a quick
 * finger on a slow phone) cannot send it natively before its script is ready: that would reload the
 * page with what they typed in its address and lose where they were going.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
