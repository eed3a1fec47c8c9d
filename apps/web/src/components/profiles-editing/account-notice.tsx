import type { ReactNode } from 'react';

/** The organisation profile pages' answer when there is nothing to edit: a title and why. */
export function AccountNotice({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-muted">Your account</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">{title}</h1>
      <div role="alert" data-testid={testId} className="mt-6 space-y-3 text-lg">
        {children}
      </div>
    </section>
  );
}
