import type { ReactNode } from 'react';
import { keepWhole } from './keep-whole';

/** The frame of the sign-in pages: a narrow card, readable on a 320 px phone. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md px-gutter py-10">
      <h1 className="font-serif text-3xl font-bold">{keepWhole(title)}</h1>
      {intro ? (
        <div className="mt-3 text-muted">{typeof intro === 'string' ? keepWhole(intro) : intro}</div>
      ) : null}
      <div className="mt-8">{children}</div>
    </section>
  );
}
