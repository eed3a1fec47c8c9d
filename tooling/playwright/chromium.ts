import { existsSync } from 'node:fs';

/** Debian's Chromium; Playwright never downloads a browser of its own here. */
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(chromiumPath);
}

/** Flags that keep Chromium off the network this machine does not have. */
export function chromiumLaunchOptions() {
  return {
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
