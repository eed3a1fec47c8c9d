import type { ReactNode } from 'react';

/**
 * Extra panels for the debug toolbar, registered by other parts of the page (the paywall's decision, A/B
 * groups): `registerDebugSlot('Paywall decision', () => <pre>…</pre>)`. Only read when the flag is on.
 */
export type DebugSlot = { title: string; render: () => ReactNode };

let slots: readonly DebugSlot[] = [];
const listeners = new Set<() => void>();

export function registerDebugSlot(title: string, render: () => ReactNode): () => void {
  const slot = { title, render };
  slots = [...slots.filter((s) => s.title !== title), slot];
  listeners.forEach((listener) => listener());
  return () => {
    slots = slots.filter((s) => s !== slot);
    listeners.forEach((listener) => listener());
  };
}

export const debugSlots = {
  get: (): readonly DebugSlot[] => slots,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
