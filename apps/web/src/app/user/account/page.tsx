import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getServerEnv } from '@bof/config/server';
import { EmailChangeForm } from '../../../components/account/email-change-form';
import { NotificationSwitches } from '../../../components/account/notification-switches';
import { SavedOffline } from '../../../components/account/saved-offline';
import { PersonalDetailsForm } from '../../../components/account/personal-details-form';
import { SignedInSessions } from '../../../components/account/signed-in-sessions';
import { StudentStatusSection } from '../../../components/account/student-status';
import { MyGifts } from '../../../components/gifts/my-gifts';
import { FlowForm } from '../../../components/auth/flow-form';
import { FlowNotices } from '../../../components/auth/flow-notices';
import { SignedOutPage } from '../../../components/auth/signed-out-page';
import { authErrorText } from '../../../client/auth/auth-error-text';
import { loadFlow, single, startFlowUrl } from '../../../server/identity-flows';
import { membershipsOf } from '../../../server/organisations-page';
import { personalDetailsFormData } from '../../../server/personal-details-page';
import { getServerViewer } from '../../../server/server-viewer';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Spec §2 /user/account/: personal details; the e-mail address, changed with a code sent to the new one
 * (requestEmailChange, confirmEmailChange); the password through the identity provider's settings flow
 * (this page is the flow's screen: it arrives here with `?flow=`); and where the reader is signed in,
 * with a way to sign out other sessions.
 */
export default async function AccountPage({ searchParams }: Props) {
  const viewer = await getServerViewer();
  if (!viewer)
    return (
      <SignedOutPage title="Your account" reason="Sign in to change your details, password and sessions." />
    );
  const params = await searchParams;
  const flowId = single(params.flow);
  const accountUrl = `${new URL(getServerEnv().siteUrl).origin}/user/account/`;
  const [data, settings, organisations] = await Promise.all([
    personalDetailsFormData(viewer.user_id),
    flowId ? loadFlow('settings', flowId) : Promise.resolve(null),
    membershipsOf(viewer.user_id),
  ]);
  const managesAnAccount = organisations.some((m) => m.role === 'OWNER' || m.role === 'ADMIN');
  if (settings?.kind === 'restart') redirect(startFlowUrl('settings', accountUrl));

  return (
    <div className="mx-auto max-w-measure px-gutter py-10">
      <h1 className="font-serif text-3xl font-bold">Your account</h1>
      <p className="mt-2 text-muted">Signed in as {viewer.email}</p>

      <section aria-labelledby="details-heading" className="mt-10">
        <h2 id="details-heading" className="font-serif text-2xl font-bold">
          Personal details
        </h2>
        <PersonalDetailsForm
          mode="edit"
          initial={data.initial}
          options={data.options}
          submitLabel="Save details"
        />
      </section>

      <section aria-labelledby="security-heading" className="mt-12" id="security">
        <h2 id="security-heading" className="font-serif text-2xl font-bold">
          E-mail and password
        </h2>
        <h3 className="mt-6 text-lg font-bold">E-mail address</h3>
        <EmailChangeForm currentEmail={viewer.email} />
        <h3 className="mt-8 text-lg font-bold">Password</h3>
        {settings?.kind === 'flow' ? (
          <div className="mt-4">
            <FlowNotices flow={settings.flow} returnTo={accountUrl} />
            {/* The e-mail is changed above, with a code to the new address; here only the password. */}
            <FlowForm ui={settings.flow.ui} idPrefix="settings" hideGroups={['profile']} />
          </div>
        ) : settings?.kind === 'error' ? (
          <p role="alert" className="mt-4 rounded border border-accent px-3 py-2 text-accent">
            {authErrorText(settings.error)}
          </p>
        ) : (
          <p className="mt-4">
            {/* A plain link: the identity provider answers it with a redirect, not a page of this app. */}
            <a href={startFlowUrl('settings', accountUrl)}>Change your password</a>
          </p>
        )}
      </section>

      <StudentStatusSection userId={viewer.user_id} />

      <section aria-labelledby="gifts-heading" id="gifts" className="mt-12">
        <h2 id="gifts-heading" className="font-serif text-2xl font-bold">
          Stories you have gifted
        </h2>
        <div className="mt-4">
          <MyGifts />
        </div>
      </section>

      <section aria-labelledby="notifications-heading" id="notifications" className="mt-12">
        <h2 id="notifications-heading" className="font-serif text-2xl font-bold">
          Notifications
        </h2>
        <p className="mt-2 text-muted">
          Notifications come to this browser. Your browser asks your permission when you turn one on.
        </p>
        <div className="mt-4">
          <NotificationSwitches />
        </div>
      </section>

      <section aria-labelledby="offline-heading" id="offline" className="mt-12">
        <h2 id="offline-heading" className="font-serif text-2xl font-bold">
          Saved for offline
        </h2>
        <div className="mt-4">
          <SavedOffline />
        </div>
      </section>

      <section aria-labelledby="sessions-heading" className="mt-12">
        <h2 id="sessions-heading" className="font-serif text-2xl font-bold">
          Where you are signed in
        </h2>
        <div className="mt-4">
          <SignedInSessions />
        </div>
      </section>

      <ul className="mt-12 space-y-2 text-sm">
        <li>
          <Link href="/user/membership/">Your membership and invoices</Link>
        </li>
        <li>
          <Link href="/user/tickets/">Your event tickets</Link>
        </li>
        {managesAnAccount ? (
          <li>
            <Link href="/user/organisations/users/">Your organisation&rsquo;s users and seats</Link>
          </li>
        ) : null}
        {organisations.length > 0 || viewer.unclaimed_membership_account_id ? (
          <li>
            <Link href="/user/organisations/memberships/">Your organisation memberships</Link>
          </li>
        ) : null}
        <li>
          <Link href="/user/welcome/">What your account gives you</Link>
        </li>
      </ul>
    </div>
  );
}
