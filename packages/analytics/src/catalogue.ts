import { EVENT_SCHEMA_URIS, type EventName } from './generated/event-types';

export {
  EVENT_SCHEMA_URIS,
  type AnalyticsEvent,
  type EventDataByName,
  type EventName,
} from './generated/event-types';

/** Our schemas' Iglu vendor. */
export const OWN_VENDOR = 'com.bof';

/** The parts of an Iglu URI, `iglu:<vendor>/<name>/jsonschema/<model>-<revision>-<addition>`. */
export interface IgluRef {
  vendor: string;
  name: string;
  version: string;
}

const IGLU_URI = /^iglu:([a-zA-Z0-9_.-]+)\/([a-zA-Z0-9_-]+)\/jsonschema\/([1-9][0-9]*-[0-9]+-[0-9]+)$/;

/** Splits an Iglu URI into its parts; null when it is not one. */
export function parseIgluUri(uri: string): IgluRef | null {
  const match = IGLU_URI.exec(uri);
  if (!match) return null;
  const [, vendor, name, version] = match as unknown as [string, string, string, string];
  return { vendor, name, version };
}

/** The Iglu URI our tracker sends an event of the catalogue under. */
export function schemaUriOf(event: EventName): string {
  return EVENT_SCHEMA_URIS[event];
}
