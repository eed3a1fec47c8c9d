import { headers } from 'next/headers';

/**
 * The reader's locale and the country it names, from an Accept-Language header: the first language,
 * and its region (`en-GB` → `GB`). A language sent without a region (`fr`, as some browsers send it
 * first) takes the region of the next tag of the same language (`fr, fr-FR`), else its likely one
 * (`fr` → `FR`, `en` → `US`), so a French reader is offered euros, not dollars.
 */
export function localeFromAcceptLanguage(header: string): { locale: string; country: string | undefined } {
  const tags = header
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter(Boolean);
  const parse = (tag: string) => {
    try {
      return new Intl.Locale(tag);
    } catch {
      return null;
    }
  };
  const first = parse(tags[0] ?? 'en-GB');
  if (!first) return { locale: 'en-GB', country: undefined };
  const region =
    first.region ??
    tags
      .slice(1)
      .map(parse)
      .find((l) => l?.language === first.language && l.region)?.region ??
    first.maximize().region;
  return { locale: first.toString(), country: region };
}

/** The reader's preferred locale and the country it names, from the request's Accept-Language. */
export async function readerLocale(): Promise<{ locale: string; country: string | undefined }> {
  return localeFromAcceptLanguage((await headers()).get('accept-language') ?? '');
}
