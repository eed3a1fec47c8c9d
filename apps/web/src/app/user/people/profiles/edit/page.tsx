import type { Metadata } from 'next';
import { viewerFromClaims } from '@bof/api/viewer';
import { SignedOutPage } from '../../../../../components/auth/signed-out-page';
import { PersonProfileEditor } from '../../../../../components/profiles-editing/person-profile-editor';
import { countryOptions, personEditorData } from '../../../../../server/profiles/profile-editing-data';
import { getServerViewer } from '../../../../../server/server-viewer';

export const dynamic = 'force-dynamic';

const TITLE = 'Your profile';
export const metadata: Metadata = { title: TITLE, robots: { index: false } };

/**
 * Spec §2 /user/people/profiles/edit/: a signed-in reader creates their person profile (if they have
 * none) and edits it: names and headline, biography, careers and education, links, photos. Saved as a
 * draft, previewed, published. A signed-out reader is asked to sign in and comes back here.
 */
export default async function PersonProfileEditPage() {
  const claims = await getServerViewer();
  if (!claims) return <SignedOutPage title={TITLE} reason="Sign in to create or edit your profile." />;
  const [initial, countries] = await Promise.all([
    personEditorData(viewerFromClaims(claims)),
    countryOptions(),
  ]);
  return (
    <section className="mx-auto max-w-3xl px-gutter py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-muted">Your account</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">{TITLE}</h1>
      <p className="mt-2 text-muted">
        Your page in the people directory. Changes are a draft that only you see until you publish them.
      </p>
      <div className="mt-6">
        <PersonProfileEditor initial={initial} countries={countries} />
      </div>
    </section>
  );
}
