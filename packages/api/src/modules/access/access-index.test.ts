import { describe, expect, it, vi } from 'vitest';
import type { AccessLevel } from '@bof/paywall/types';
import { createAccessIndex } from './access-index';

/** Stories whose content version changes with every edit, like the articles table's. */
function content() {
  let version = 1;
  const stories = new Map<string, { id: string; slug: string; access: AccessLevel }>([
    ['old', { id: 'id-old', slug: 'old', access: 'members' }],
  ]);
  const source = {
    contentVersion: vi.fn(async () => `v${version}`),
    stories: vi.fn(async () => [...stories.values()]),
  };
  const put = (slug: string, access: AccessLevel) => {
    stories.set(slug, { id: `id-${slug}`, slug, access });
    version += 1;
  };
  return { source, put };
}

describe('the access index', () => {
  it('reloads when the content version changes, and only then, then tells its listeners', async () => {
    const { source, put } = content();
    const index = await createAccessIndex(source, { pollMs: 3_600_000 });
    const heard: string[] = [];
    index.onChange((version) => heard.push(`${version}:${index.get('new')?.access ?? 'unknown'}`));
    expect(index.get('old')).toEqual({ id: 'id-old', access: 'members' });
    await index.refresh();
    expect(source.stories).toHaveBeenCalledTimes(1);

    put('new', 'premium');
    put('old', 'premium');
    await index.refresh();
    expect(index.get('new')).toEqual({ id: 'id-new', access: 'premium' });
    expect(index.get('old')?.access).toBe('premium');
    // The listener ran after the reload: it saw the new story.
    expect(heard).toEqual(['v3:premium']);
    expect(index.version).toBe('v3');
    index.stop();
  });

  it('catches up at once when a page meets a story it does not know, at most once a second', async () => {
    const { source, put } = content();
    const index = await createAccessIndex(source, { pollMs: 3_600_000 });
    put('fresh', 'registered');
    index.stale();
    index.stale();
    await vi.waitFor(() => expect(index.get('fresh')).toEqual({ id: 'id-fresh', access: 'registered' }));
    expect(source.contentVersion).toHaveBeenCalledTimes(2);
    index.stop();
  });

  it('polls the content version', async () => {
    const { source, put } = content();
    const index = await createAccessIndex(source, { pollMs: 10 });
    put('polled', 'free');
    await vi.waitFor(() => expect(index.get('polled')?.access).toBe('free'));
    index.stop();
  });
});
