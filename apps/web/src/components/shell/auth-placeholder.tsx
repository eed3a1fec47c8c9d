/**
 * Holds the place of the header's sign-in state while it is unknown (before the first token check):
 * neither "Sign in" nor a reader's initials, so no reader ever sees a state that is not theirs. The size
 * of the account button, so nothing moves when the state arrives.
 */
export function AuthPlaceholder({ wide = false }: { wide?: boolean }) {
  return (
    <span
      aria-hidden="true"
      data-auth-placeholder
      className={`inline-block h-10 rounded-full bg-surface ${wide ? 'w-24' : 'w-10 sm:w-28'}`}
    />
  );
}
