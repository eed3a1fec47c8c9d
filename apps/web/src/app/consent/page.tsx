import type { Metadata } from 'next';
import { getServerEnv } from '@bof/config/server';
import { CookiePolicy } from '../../components/consent/cookie-policy';

export const metadata: Metadata = { description: 'The cookies this site uses, and your choices.' };

export default function ConsentPage() {
  return <CookiePolicy siteName={getServerEnv().siteName} />;
}
