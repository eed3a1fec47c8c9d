import { SignInPrompt } from './sign-in-prompt';

/** The whole page a signed-out reader sees where an account is needed. */
export function SignedOutPage({ title, reason }: { title: string; reason: string }) {
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <h1 className="font-serif text-3xl font-bold">{title}</h1>
      <div className="mt-6">
        <SignInPrompt reason={reason} />
      </div>
    </section>
  );
}
