import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { toClientConfig } from '@bof/config/client';
import { getServerEnv } from '@bof/config/server';
import { AnalyticsShell } from '../client/analytics/analytics-shell';
import { AppShell } from '../components/app/app-shell';
import { AuthProvider } from '../client/auth/auth-provider';
import { DetailsPrompt } from '../components/auth/details-prompt';
import { ClientConfigProvider } from '../client/config/client-config';
import { SiteFooter } from '../components/shell/site-footer';
import { SiteHeader } from '../components/shell/site-header';
import { SkipLink } from '../components/shell/skip-link';
import { serif, serifItalic } from '../fonts';
import './globals.css';

export function generateMetadata(): Metadata {
  const env = getServerEnv();
  return {
    // Spec §1: the title of every page is the product's own name.
    title: env.siteName,
    description: 'News, analysis and careers for the fashion business.',
    metadataBase: new URL(`${env.siteUrl}/`),
    // Resolved against the request path, with the trailing slash the routes use: base + path + '/'.
    alternates: { canonical: './' },
    // The installed app (issue 27): app/manifest.ts, and the home screen icon iOS asks for.
    appleWebApp: { capable: true, title: env.siteName, statusBarStyle: 'default' },
    icons: { apple: [{ url: '/app-icons/apple-touch-icon.png', sizes: '180x180' }] },
  };
}

// Spec §1: the viewport is fixed with a maximum scale of 1.
export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  maximumScale: 1,
  themeColor: '#a3122a',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered for its request, none prerendered at build time: Next.js puts the response's
  // own Content-Security-Policy nonce on the page's scripts (docs/adr/0019-csp-nonces-and-cached-pages.md).
  await connection();
  const env = getServerEnv();
  const { siteName } = env;
  return (
    <html lang="en-GB" className={`${serif.variable} ${serifItalic.variable}`}>
      <body className="flex min-h-screen flex-col">
        <ClientConfigProvider config={toClientConfig(env)}>
          <AuthProvider>
            <SkipLink />
            <SiteHeader siteName={siteName} />
            <main id="main" className="flex-1">
              {children}
            </main>
            <SiteFooter siteName={siteName} />
            <DetailsPrompt />
            <AnalyticsShell />
            <AppShell registerWorker={env.nodeEnv === 'production'} />
          </AuthProvider>
        </ClientConfigProvider>
      </body>
    </html>
  );
}
