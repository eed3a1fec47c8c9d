'use client';

import { useAuth } from '../../client/auth/auth-provider';

/** For pages that need a signed-in reader: says why, and signs in returning here. */
export function SignInPrompt({ reason }: { reason: string }) {
  const auth = useAuth();
  return (
    <div className="space-y-4">
      <p>{reason}</p>
      <button
        type="button"
        onClick={() => void auth.actions.login()}
        className="rounded bg-ink px-4 py-2 text-paper"
      >
        Sign in
      </button>
    </div>
  );
}
