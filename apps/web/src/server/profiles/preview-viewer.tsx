import type { ReactNode } from 'react';
import { redirect } from 'next/navigation';
import { viewerFromClaims, type Viewer } from '@bof/api/viewer';
import { getServerEnv } from '@bof/config/server';
import { SignedOutPage } from '../../components/auth/signed-out-page';
import { getServerViewer, hasIdentitySessionCookie } from '../server-viewer';

/**
 * The signed-in reader of a preview page, or what to render instead. Signed out: to sign in, coming back
 * to this very preview (an address on this site, so the return is safe); right after signing in, when
 * the identity session exists before the product token, the page lets the browser's token check decide
 * (SignedOutPage), as the account pages do.
 */
export async function previewViewer(path: string): Promise<{ viewer: Viewer } | { page: ReactNode }> {
  const claims = await getServerViewer();
  if (claims) return { viewer: viewerFromClaims(claims) };
  if (await hasIdentitySessionCookie())
    return { page: <SignedOutPage title="Preview" reason="Sign in to preview this profile." /> };
  redirect(`/user/login/?return_to=${encodeURIComponent(`${getServerEnv().siteUrl}${path}`)}`);
}
