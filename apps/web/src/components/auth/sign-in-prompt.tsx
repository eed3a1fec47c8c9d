'use client';

import { useAuth } from '../../client/auth/auth-provider';

/** For pages that need a signed-in reader: says why, and signs in (or registers) returning here. */
export function SignInPrompt({
  reason,
  offerRegistration = false,
}: {
  reason: string;
  offerRegistration?: boolean;
}) {
  const auth = useAuth();
  return (
    <div className="space-y-4">
      <p>{reason}</p>
      <p className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => void auth.actions.login()}
          className="rounded bg-ink px-4 py-2 text-paper"
        >
          Sign in
        </button>
        {offerRegistration ? (
          <button
            type="button"
            onClick={() => auth.actions.register()}
            className="rounded border border-ink px-4 py-2"
          >
            Create an account
          </button>
        ) : null}
      </p>
    </div>
  );
}
