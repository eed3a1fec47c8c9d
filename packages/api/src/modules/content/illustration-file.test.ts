import { describe, expect, it } from 'vitest';
import type { Art } from './content.inputs';
import { createIllustrationFiles } from './illustration-file';

const used: Art = { motif: 'circles', seed: 'in-a-story' };

function files(inUse: (art: Art) => boolean = (art) => art.seed.startsWith('in-')) {
  const drawn: string[] = [];
  let fail = false;
  const service = createIllustrationFiles({
    inUse: async (art) => inUse(art),
    png: async (art) => {
      drawn.push(art.seed);
      if (fail) throw new Error('drawing failed');
      return Buffer.from(`png:${art.seed}`);
    },
  });
  return { service, drawn, failNext: () => (fail = true), succeed: () => (fail = false) };
}

describe('illustration files', () => {
  it('answers null, and draws nothing, for art no story uses', async () => {
    const { service, drawn } = files();
    expect(await service.file({ motif: 'circles', seed: 'made-up' }, 'png')).toBeNull();
    expect(await service.file({ motif: 'circles', seed: 'made-up' }, 'svg')).toBeNull();
    expect(drawn).toEqual([]);
  });

  it('draws a used PNG once and serves it again from memory; the SVG is the drawing itself', async () => {
    const { service, drawn } = files();
    const first = await service.file(used, 'png');
    expect(Buffer.from(first as Uint8Array).toString()).toBe('png:in-a-story');
    expect(await service.file(used, 'png')).toEqual(first);
    expect(drawn).toEqual(['in-a-story']);
    expect(await service.file(used, 'svg')).toMatch(/^<svg/);
  });

  it('keeps at most 64 drawn files, dropping the least recently asked', async () => {
    const { service, drawn } = files();
    for (let i = 0; i < 65; i++) await service.file({ motif: 'dots', seed: `in-${i}` }, 'png');
    await service.file({ motif: 'dots', seed: 'in-64' }, 'png'); // still kept
    await service.file({ motif: 'dots', seed: 'in-0' }, 'png'); // dropped: drawn again
    expect(drawn.filter((seed) => seed === 'in-64')).toHaveLength(1);
    expect(drawn.filter((seed) => seed === 'in-0')).toHaveLength(2);
  });

  it('does not keep a failed drawing', async () => {
    const { service, drawn, failNext, succeed } = files();
    failNext();
    await expect(service.file(used, 'png')).rejects.toThrow('drawing failed');
    succeed();
    expect(await service.file(used, 'png')).not.toBeNull();
    expect(drawn).toEqual(['in-a-story', 'in-a-story']);
  });
});
