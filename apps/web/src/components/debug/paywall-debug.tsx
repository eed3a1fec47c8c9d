'use client';

import { useEffect } from 'react';
import { useClientConfig } from '../../client/config/client-config';
import { registerDebugSlot } from './debug-slots';

/** What the story page knows of this request's access decision, for the debug toolbar. */
export interface PaywallDebugData {
  story: { id: string; access: string };
  decision: unknown;
  opens: boolean;
  counted: boolean;
  signedIn: boolean;
  meterSource: string;
  gift: string | null;
  /** The reader's sticky A/B groups, GROUP_ID#GROUP_NAME. */
  groups: readonly string[];
}

const pre = (value: unknown) => (
  <pre className="overflow-x-auto whitespace-pre-wrap break-all font-mono text-xs">
    {JSON.stringify(value, null, 2)}
  </pre>
);

/**
 * Adds the story's paywall decision and the reader's A/B groups to the debug toolbar (DEBUG_MODE=1 only;
 * the page renders it only then, and it checks again in the browser). Renders nothing itself.
 */
export function PaywallDebug({ data }: { data: PaywallDebugData }) {
  const { debugMode } = useClientConfig();
  useEffect(() => {
    if (!debugMode) return;
    const { groups, ...decision } = data;
    const offDecision = registerDebugSlot('Paywall decision', () => pre(decision));
    const offGroups = registerDebugSlot('A/B groups', () =>
      groups.length === 0 ? <p className="text-muted">None (no wall experiment is running).</p> : pre(groups),
    );
    return () => {
      offDecision();
      offGroups();
    };
  }, [data, debugMode]);
  return null;
}
