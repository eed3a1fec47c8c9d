import type { Platform } from '../../platform/platform';
import { getSessionModule } from '../session/session.module';
import { createAccessGate, type AccessGate } from './access-gate';
import { createAccessIndex, type AccessIndex } from './access-index';
import { createMeterRepo } from './meter.repo';

export {
  ACCESS_HEADER,
  decodeGateResult,
  encodeGateResult,
  opensStory,
  type GateResult,
} from './access-gate';

export interface AccessModule {
  gate: AccessGate;
  index: AccessIndex;
}

const KEY = Symbol.for('bof.access-modules');
type Holder = { [KEY]?: WeakMap<Platform, Promise<AccessModule>> };

/** The access gate of a platform, built once: the in-memory access index, session keys, meter policy. */
export function getAccessModule(platform: Platform): Promise<AccessModule> {
  const holder = globalThis as Holder;
  const modules = (holder[KEY] ??= new WeakMap());
  let module = modules.get(platform);
  if (!module) {
    module = createAccessModule(platform);
    modules.set(platform, module);
  }
  return module;
}

async function createAccessModule(platform: Platform): Promise<AccessModule> {
  const [sessions, index] = await Promise.all([getSessionModule(platform), createAccessIndex(platform.db)]);
  const meter = createMeterRepo(platform.db);
  const gate = createAccessGate({
    story: (slug) => index.get(slug),
    verifySession: (token, now) => sessions.verify(token, now),
    paywallSecret: sessions.paywallSecret,
    policy: platform.env.meter,
    secureCookies: platform.env.siteUrl.startsWith('https:'),
    paywallCookieMaxAgeSeconds: platform.env.sessionTokenTtlSeconds,
    recordServerRead: (userId, articleId, at) => meter.record(userId, articleId, at),
  });
  return { gate, index };
}
