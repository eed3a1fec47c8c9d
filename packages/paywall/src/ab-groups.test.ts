import { describe, expect, it } from 'vitest';
import { assignGroups, parseWallExperiments, wallVariantsFor } from './ab-groups';

const experiments = [
  { id: 'WALL_CTA', variants: ['default', 'trial'] },
  { id: 'WALL_DESIGN', variants: ['default', 'minimal', 'bold'] },
];

describe('sticky A/B groups', () => {
  it('place a browser in every experiment, the same way every time', () => {
    const groups = assignGroups('browser-1', experiments, []);
    expect(groups).toHaveLength(2);
    expect(assignGroups('browser-1', experiments, [])).toEqual(groups);
    expect(assignGroups('browser-1', experiments, groups)).toEqual(groups);
    expect(wallVariantsFor(groups).ctaVariant).toMatch(/^(default|trial)$/);
  });

  it('split browsers roughly evenly', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const [cta] = assignGroups(`browser-${i}`, experiments, []);
      counts.set(cta!, (counts.get(cta!) ?? 0) + 1);
    }
    for (const n of counts.values()) expect(n).toBeGreaterThan(1300);
  });

  it('keep a group the browser has, and drop ended experiments and retired variants', () => {
    expect(assignGroups('b', experiments, ['WALL_CTA#trial', 'WALL_OFFER#x'])[0]).toBe('WALL_CTA#trial');
    expect(assignGroups('b', experiments, ['WALL_CTA#gone'])[0]).toMatch(/^WALL_CTA#(default|trial)$/);
    expect(assignGroups('b', [], ['WALL_CTA#trial'])).toEqual([]);
  });

  it('read the setting, and say what is wrong with a bad one', () => {
    expect(parseWallExperiments('WALL_CTA=default|trial; WALL_DESIGN=default|minimal')).toEqual([
      { id: 'WALL_CTA', variants: ['default', 'trial'] },
      { id: 'WALL_DESIGN', variants: ['default', 'minimal'] },
    ]);
    expect(parseWallExperiments('')).toEqual([]);
    expect(parseWallExperiments('NOPE=a|b')).toMatch(/unknown experiment "NOPE"/);
    expect(parseWallExperiments('WALL_CTA=only')).toMatch(/two or more variants/);
    expect(parseWallExperiments('WALL_CTA=a|b c#')).toMatch(/two or more variants/);
  });
});
