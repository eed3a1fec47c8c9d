import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contactPages,
  legalLinks,
  membershipLinks,
  helpLinks,
  sectionLinks,
  sectionNavigation,
  serviceLinks,
} from './navigation';
import { builtLinks, isBuilt, PRODUCT_AREAS, type ProductArea } from './product-areas';

const APP = join(import.meta.dirname, '..', 'app');

/**
 * Whether the app has a page (or route) answering `path`: each segment a folder of that name or a
 * dynamic `[param]` folder; the catch-all `[...missing]` (the 404 page) does not count.
 */
function routeExists(path: string): boolean {
  const segments = path.split(/[?#]/)[0]!.split('/').filter(Boolean);
  const walk = (dir: string, rest: string[]): boolean => {
    if (rest.length === 0) return existsSync(join(dir, 'page.tsx')) || existsSync(join(dir, 'route.ts'));
    const [head, ...tail] = rest;
    const literal = join(dir, head!);
    if (existsSync(literal) && walk(literal, tail)) return true;
    return readdirSync(dir, { withFileTypes: true }).some(
      (entry) => entry.isDirectory() && /^\[[^.].*\]$/.test(entry.name) && walk(join(dir, entry.name), tail),
    );
  };
  return walk(APP, segments);
}

describe('product areas', () => {
  it.each(Object.entries(PRODUCT_AREAS))('%s is marked built exactly when its page exists', (_, area) => {
    expect(routeExists(area.path)).toBe(area.built);
  });

  it('keeps only the links of built areas', () => {
    const links = [
      { href: '/case-studies/', label: 'Case Studies', area: 'caseStudies' as ProductArea },
      { href: '/careers/', label: 'Careers', area: 'careers' as ProductArea },
    ];
    expect(isBuilt('careers')).toBe(true);
    expect(builtLinks(links).map((l) => l.label)).toEqual(['Case Studies', 'Careers']);
  });

  it('every fixed link of the header and footer leads to a page of the app', () => {
    const fixed = [
      ...membershipLinks,
      ...serviceLinks,
      ...helpLinks,
      ...contactPages,
      ...legalLinks,
      ...sectionNavigation.flatMap((link) => (link.kind === 'page' && isBuilt(link.area) ? [link] : [])),
    ];
    for (const link of fixed) expect(routeExists(link.href), link.href).toBe(true);
  });

  it('shows the link to careers now that the jobs board exists', () => {
    const shown = [...membershipLinks, ...serviceLinks, ...helpLinks].map((l) => l.href);
    expect(shown).toContain('/careers/');
  });

  it('shows the people, organisations, BoF 500 and events links now that their pages exist', () => {
    expect(serviceLinks.map((l) => l.href)).toEqual(
      expect.arrayContaining(['/people/', '/organisations/', '/bof500/', '/events/']),
    );
  });

  it('shows the newsletters link now that the page exists', () => {
    expect(serviceLinks.map((l) => l.href)).toContain('/user/newsletters/');
  });
});

describe('section navigation', () => {
  const taxonomy = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../../content/demo-edition/taxonomy.json'), 'utf8'),
  ) as { type: string; slug: string; name: string }[];

  it('names only sections and topics the content has, by their names', () => {
    for (const link of sectionNavigation) {
      if (link.kind === 'page') continue;
      const entry = taxonomy.find((t) => t.type === link.kind && t.slug === link.slug);
      expect(entry, `${link.kind} ${link.slug}`).toBeDefined();
      expect(link.label).toBe(entry!.name);
    }
  });

  it('leads to the section, topic and built pages only', () => {
    expect(sectionLinks().map((l) => l.href)).toEqual([
      '/articles/news/',
      '/articles/analysis/',
      '/articles/opinion/',
      '/topics/workplace-talent/',
      '/topics/technology/',
      '/topics/beauty/',
      '/topics/luxury/',
      '/topics/sustainability/',
      '/topics/retail/',
      '/case-studies/',
      '/careers/',
      '/bof500/',
      '/events/',
    ]);
  });
});
