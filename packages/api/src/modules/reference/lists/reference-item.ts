/** One entry of a reference list as the code defines it: a stable key and the title people read. */
export interface ReferenceEntry {
  key: string;
  title: string;
}
