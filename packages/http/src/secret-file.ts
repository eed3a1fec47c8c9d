import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
    return undefined;
  }
}

/**
 * A secret kept in `<dataDir>/keys/<name>` for the embedded defaults: read when the file is there,
 * otherwise made once by `generate` and written owner-only (the file 0600, the folder 0700). The file
 * appears whole or not at all: it is written under a temporary name and then linked into place, which
 * fails when another process got there first, so every process (Next.js workers, the server entry,
 * the command-line tools) ends up with the same secret. Surrounding whitespace is not part of it.
 * @throws the file system's error for anything but a missing file (an unreadable key, a full disk).
 */
export function readOrCreateSecret(options: {
  dataDir: string;
  name: string;
  generate: () => string;
}): string {
  const file = path.join(options.dataDir, 'keys', options.name);
  const existing = readIfPresent(file);
  if (existing !== undefined) return existing;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.${randomUUID()}.tmp`;
  writeFileSync(partial, options.generate(), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(partial, file);
  } catch (error) {
    const code = errorCode(error);
    // A file system without hard links: replace instead, and the last of racing writers wins.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') renameSync(partial, file);
    else if (code !== 'EEXIST') throw error;
  } finally {
    rmSync(partial, { force: true });
  }
  return readFileSync(file, 'utf8').trim();
}
