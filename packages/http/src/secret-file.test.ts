import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readOrCreateSecret } from './secret-file';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'secret-file-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const keyFile = (name: string) => path.join(dataDir, 'keys', name);

describe('readOrCreateSecret', () => {
  it('creates the secret once, owner-only, and reads the same one after', () => {
    const generate = vi.fn(() => 'first-secret');
    expect(readOrCreateSecret({ dataDir, name: 'a-secret', generate })).toBe('first-secret');
    expect(readOrCreateSecret({ dataDir, name: 'a-secret', generate: () => 'second' })).toBe('first-secret');
    expect(generate).toHaveBeenCalledTimes(1);
    expect(statSync(keyFile('a-secret')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dataDir, 'keys')).mode & 0o777).toBe(0o700);
    expect(readdirSync(path.join(dataDir, 'keys'))).toEqual(['a-secret']);
  });

  it('reads a secret put there by hand, without its surrounding whitespace', () => {
    readOrCreateSecret({ dataDir, name: 'other', generate: () => 'x' });
    writeFileSync(keyFile('configured'), '  by-hand\n');
    expect(readOrCreateSecret({ dataDir, name: 'configured', generate: () => 'unused' })).toBe('by-hand');
  });

  it('keeps the secret of a writer that got there first, and leaves no temporary file', () => {
    // Another process creates the file while this one is generating its own.
    const lost = readOrCreateSecret({
      dataDir,
      name: 'raced',
      generate: () => {
        readOrCreateSecret({ dataDir, name: 'raced', generate: () => 'winner' });
        return 'loser';
      },
    });
    expect(lost).toBe('winner');
    expect(readOrCreateSecret({ dataDir, name: 'raced', generate: () => 'later' })).toBe('winner');
    expect(readdirSync(path.join(dataDir, 'keys'))).toEqual(['raced']);
  });

  it('gives every one of several processes starting together the same secret', async () => {
    const module = path.join(import.meta.dirname, 'secret-file.ts');
    const go = path.join(dataDir, 'go');
    // Each process loads the module, says so, and waits for the signal, so all of them race for the file.
    const script = [
      `import { existsSync } from 'node:fs';`,
      `import { randomBytes } from 'node:crypto';`,
      `import { readOrCreateSecret } from ${JSON.stringify(module)};`,
      `process.stdout.write('ready\\n');`,
      `while (!existsSync(${JSON.stringify(go)}));`,
      `const secret = readOrCreateSecret({ dataDir: ${JSON.stringify(dataDir)}, name: 'shared', generate: () => randomBytes(32).toString('hex') });`,
      `process.stdout.write(secret);`,
    ].join('\n');
    const processes = Array.from({ length: 6 }, () =>
      spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: import.meta.dirname,
      }),
    );
    const outputs = processes.map((child) => {
      let text = '';
      const ready = new Promise<void>((resolve) =>
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.startsWith('ready\n')) resolve();
        }),
      );
      const done = new Promise<string>((resolve, reject) =>
        child.on('exit', (code) =>
          code === 0 ? resolve(text.slice('ready\n'.length)) : reject(new Error(`exit ${code}`)),
        ),
      );
      return { ready, done };
    });
    await Promise.all(outputs.map((o) => o.ready));
    writeFileSync(go, '');
    const secrets = new Set(await Promise.all(outputs.map((o) => o.done)));
    expect(secrets.size).toBe(1);
    expect([...secrets][0]).toMatch(/^[0-9a-f]{64}$/);
    expect(readdirSync(path.join(dataDir, 'keys'))).toEqual(['shared']);
  }, 30_000);
});
