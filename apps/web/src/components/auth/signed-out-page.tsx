import { hasIdentitySessionCookie } from '../../server/server-viewer';
import { SignedOutGate } from './signed-out-gate';
import { SignInPrompt } from './sign-in-prompt';

/**
 * The whole page a signed-out reader sees where an account is needed. The server renders it when the
 * request has no product token; the browser shows it only once its own check agrees (SignedOutGate).
 */
export async function SignedOutPage({ title, reason }: { title: string; reason: string }) {
  const identitySession = await hasIdentitySessionCookie();
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <h1 className="font-serif text-3xl font-bold">{title}</h1>
      <div className="mt-6">
        <SignedOutGate identitySession={identitySession}>
          <SignInPrompt reason={reason} />
        </SignedOutGate>
      </div>
    </section>
  );
}
