/**
 * What the collector stores. The web edge classifies each tracker event against the event catalogue
 * (`@bof/analytics`) and hands the result here; these shapes are the port it fills.
 */
export interface CollectedEventRecord {
  eventId: string;
  eventType: string;
  schema: string | null;
  appId: string | null;
  userId: string | null;
  domainUserId: string | null;
  sessionId: string | null;
  pageUrl: string | null;
  deviceCreatedAt: Date | null;
  payload: unknown;
}

export interface RejectedEventRecord {
  code: string;
  schema: string | null;
  problems: readonly { path: string; message: string }[];
  payload: unknown;
}

export interface CollectedBatch {
  good: readonly CollectedEventRecord[];
  bad: readonly RejectedEventRecord[];
}

/** What was written: events new to the store, repeats of stored events, and bad rows. */
export interface RecordedBatch {
  stored: number;
  duplicates: number;
  badRows: number;
}
