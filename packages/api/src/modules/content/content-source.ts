import { createReadStream } from 'node:fs';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** One record as read from a source, before validation, or the reason it could not be read. */
export type SourceItem =
  | { source: string; record: number; line?: number; value: unknown }
  | { source: string; record: number; line?: number; error: string };

/** A re-readable series of records: the import reads it twice (validate, then write). */
export type RecordSource = () => AsyncIterable<SourceItem>;

/**
 * Splits text that is a JSON array of records, one JSON record, or NDJSON (one record a line; blank
 * lines skipped) into items. A JSON syntax error names the line it is on.
 */
export function itemsFromText(source: string, text: string): SourceItem[] {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return [{ source, record: 0, error: `Not valid JSON: ${(error as Error).message}` }];
    }
    return (value as unknown[]).map((item, index) => ({ source, record: index + 1, value: item }));
  }
  const lines = text.split(/\r?\n/);
  const firstLine = lines.find((line) => line.trim().length > 0) ?? '';
  if (!isJson(firstLine)) {
    // Not NDJSON: one (pretty-printed) record.
    try {
      return [{ source, record: 1, value: JSON.parse(text) }];
    } catch (error) {
      return [{ source, record: 0, error: `Neither JSON nor NDJSON: ${(error as Error).message}` }];
    }
  }
  const items: SourceItem[] = [];
  lines.forEach((line, index) => {
    if (line.trim().length === 0) return;
    items.push(lineItem(source, items.length + 1, index + 1, line));
  });
  return items;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function lineItem(source: string, record: number, line: number, text: string): SourceItem {
  try {
    return { source, record, line, value: JSON.parse(text) };
  } catch (error) {
    return { source, record, line, error: `Not valid JSON: ${(error as Error).message}` };
  }
}

/** Files larger than this must be NDJSON, which is streamed; a JSON array is read whole. */
const WHOLE_FILE_LIMIT = 64 * 1024 * 1024;

/**
 * The records of one file (JSON array, one JSON record or NDJSON). NDJSON is streamed line by line,
 * so a file of any size can be imported; other files are read whole.
 */
export function fileSource(file: string): RecordSource {
  const label = path.basename(file);
  return async function* () {
    const size = (await stat(file)).size;
    const head = await readHead(file);
    const ndjson = !head.trimStart().startsWith('[') && isJson(head.split(/\r?\n/)[0]!.trim());
    if (!ndjson) {
      if (size > WHOLE_FILE_LIMIT) {
        yield { source: label, record: 0, error: 'A file this large must be NDJSON (one record a line).' };
        return;
      }
      yield* itemsFromText(label, await readFile(file, 'utf8'));
      return;
    }
    const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    let lineNumber = 0;
    let record = 0;
    for await (const line of lines) {
      lineNumber++;
      if (line.trim().length === 0) continue;
      record++;
      yield lineItem(label, record, lineNumber, line);
    }
  };
}

async function readHead(file: string): Promise<string> {
  const stream = createReadStream(file, { encoding: 'utf8', start: 0, end: 1024 * 1024 });
  let head = '';
  for await (const chunk of stream) head += chunk as string;
  return head;
}

/**
 * An edition folder: `taxonomy.json`, then `articles/*.json` and `case-studies/*.json` in name order,
 * read once into memory (so both import passes see the same files), with each file's name and text
 * for fingerprinting. Read synchronously: the folder is small and a seed's version needs it up front.
 */
export function readEditionFolder(folder: string): { items: SourceItem[]; files: string[] } {
  const files: string[] = [];
  const items: SourceItem[] = [];
  const add = (relative: string) => {
    const text = readFileSync(path.join(folder, relative), 'utf8');
    files.push(`${relative}\n${text}`);
    items.push(...itemsFromText(relative, text));
  };
  add('taxonomy.json');
  for (const sub of ['articles', 'case-studies']) {
    let names: string[] = [];
    try {
      names = readdirSync(path.join(folder, sub));
    } catch {
      names = [];
    }
    for (const name of names.filter((n) => /\.(json|ndjson)$/.test(n)).sort())
      add(path.posix.join(sub, name));
  }
  return { items, files };
}

/** A source over records already in memory. */
export function memorySource(items: readonly SourceItem[]): RecordSource {
  return async function* () {
    yield* items;
  };
}
