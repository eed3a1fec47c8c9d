import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_URIS } from '@bof/analytics/catalogue';
import { validateEventData } from '@bof/analytics/validate';
import { pageViewEntity } from './page-view-entity';

const SCHEMA = EVENT_SCHEMA_URIS.page_view;

describe('pageViewEntity', () => {
  it('carries the page, its query and the utm fields', () => {
    const entity = pageViewEntity(
      { href: 'https://www.example.org/legal/?utm_source=newsletter&utm_campaign=spring&x=1' },
      'The Business of Fashion',
      'https://www.example.org/',
    );
    expect(entity).toEqual({
      pagePath: '/legal/',
      pageUrl: 'https://www.example.org/legal/?utm_source=newsletter&utm_campaign=spring&x=1',
      pageTitle: 'The Business of Fashion',
      pageQuery: 'utm_source=newsletter&utm_campaign=spring&x=1',
      pageReferrer: 'https://www.example.org/',
      utmSource: 'newsletter',
      utmCampaign: 'spring',
    });
    expect(validateEventData(SCHEMA, entity).ok).toBe(true);
  });

  it('clips every field to its limit, so an overlong address still makes a valid page view', () => {
    const long = 'a'.repeat(20_000);
    const entity = pageViewEntity(
      { href: `https://www.example.org/${long}/?utm_term=${long}&q=${long}` },
      long,
      `https://ref.example.org/${long}`,
    );
    expect(entity.pagePath).toHaveLength(4048);
    expect(entity.pageUrl).toHaveLength(12048);
    expect(entity.pageQuery).toHaveLength(12048);
    expect(entity.pageReferrer).toHaveLength(12048);
    expect(entity.pageTitle).toHaveLength(1024);
    expect(entity.utmTerm).toHaveLength(1024);
    expect(validateEventData(SCHEMA, entity)).toEqual({ ok: true, schema: SCHEMA });
  });
});
