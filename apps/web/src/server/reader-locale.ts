import { headers } from 'next/headers';

/** The reader's preferred locale and the country it names (`en-GB` → `GB`), from Accept-Language. */
export async function readerLocale(): Promise<{ locale: string; country: string | undefined }> {
  const header = (await headers()).get('accept-language') ?? '';
  const first = header.split(',')[0]?.split(';')[0]?.trim() || 'en-GB';
  try {
    const locale = new Intl.Locale(first);
    return { locale: locale.toString(), country: locale.region };
  } catch {
    return { locale: 'en-GB', country: undefined };
  }
}
