import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServices, type ServicePorts, type Services } from '@bof/api/services';
import { startPlatform } from '@bof/api/start-platform';
import { parseServerEnv } from '@bof/config/server';
import {
  createBuiltInIdentity,
  type BuiltInIdentity,
  type BuiltInIdentityOptions,
  type MountedIdentity,
} from '../built-in-identity';

export interface StartedProduct {
  services: Services;
  /** The built-in identity server, mounted at the site's `/identity`. */
  identity: BuiltInIdentity & { mounted: MountedIdentity };
  /** Closes the identity server and the services, and deletes the data folder. */
  close(): Promise<void>;
}

/**
 * The product as the server entry starts it (startPlatform, the built-in identity server, createServices),
 * on PGlite in a fresh data folder, for tests of route code. Sign-in, the session check and the e-mail
 * change reach the identity server's public API in-process, as in the running site.
 */
export async function startProduct(
  options: {
    /** Settings beyond DATA_DIR, by their environment names (SITE_URL, say). */
    env?: Record<string, string>;
    identity?: BuiltInIdentityOptions;
    ports?: Partial<ServicePorts>;
  } = {},
): Promise<StartedProduct> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bof-web-product-'));
  const platform = await startPlatform(parseServerEnv({ ...options.env, DATA_DIR: dataDir }));
  const identity = createBuiltInIdentity(platform, options.identity);
  const { mounted } = identity;
  if (!mounted) throw new Error('The built-in identity server is not mounted under the site.');
  const services = await createServices(platform, {
    ...identity.ports,
    ...options.ports,
  });
  return {
    services,
    identity: { ...identity, mounted },
    async close() {
      await identity.close();
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
