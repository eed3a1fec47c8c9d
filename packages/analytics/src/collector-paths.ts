/** Paths the Snowplow browser tracker uses, relative to its endpoint (its defaults). */
export const TRACKER_POST_PATH = '/com.snowplowanalytics.snowplow/tp2';
export const TRACKER_GET_PATH = '/i';
