'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { runMutation } from '../../client/graphql/graphql-client';
import { SetNewsroomFrontPinsMutation } from '../../client/graphql/newsroom.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

const SLOT_NAMES = ['Top story', 'Second lead', 'Third lead'] as const;

/**
 * The front page's three lead slots: each takes a published article's slug (suggested from the newest),
 * or stays empty for the newest story. Saving applies at once on every server.
 */
export function FrontPinsForm({
  pinned,
  candidates,
}: {
  /** The pinned slug of each slot, slot 1 first (null: the newest story). */
  pinned: (string | null)[];
  candidates: { slug: string; headline: string }[];
}) {
  const client = useGraphQLClient();
  const router = useRouter();
  const id = useId();
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const slugs = SLOT_NAMES.map((_, slot) => String(form.get(`slot-${slot}`) ?? '').trim() || null);
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      const answer = (await runMutation(client, SetNewsroomFrontPinsMutation, { input: { slugs } }))
        .setNewsroomFrontPins;
      if (answer.__typename === 'SetNewsroomFrontPinsSuccess') {
        setMessage({
          text:
            answer.data.length === 0
              ? 'Nothing pinned: the newest stories lead.'
              : 'Pinned. The front page shows it now.',
          error: false,
        });
        router.refresh();
      } else if (answer.__typename === 'ZodError') {
        const bySlot: Record<number, string> = {};
        for (const e of answer.fieldErrors) {
          const slot = Number(e.path.at(-1));
          if (Number.isInteger(slot)) bySlot[slot] ??= e.message;
        }
        setErrors(bySlot);
        setMessage({ text: answer.message, error: true });
      } else setMessage({ text: answer.message, error: true });
    } catch {
      setMessage({ text: 'Not saved: check the connection and try again.', error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
      <datalist id={`${id}-stories`}>
        {candidates.map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.headline}
          </option>
        ))}
      </datalist>
      {SLOT_NAMES.map((name, slot) => (
        <div key={name} className="text-sm">
          <label htmlFor={`${id}-${slot}`} className="font-semibold">
            {name}
          </label>
          <input
            id={`${id}-${slot}`}
            name={`slot-${slot}`}
            list={`${id}-stories`}
            defaultValue={pinned[slot] ?? ''}
            placeholder="The newest story"
            autoComplete="off"
            aria-invalid={errors[slot] ? true : undefined}
            aria-describedby={errors[slot] ? `${id}-${slot}-error` : undefined}
            className="mt-1 block w-full rounded border border-neutral-400 px-2 py-1.5"
          />
          {errors[slot] ? (
            <p id={`${id}-${slot}-error`} className="mt-1 text-red-700">
              {errors[slot]}
            </p>
          ) : null}
        </div>
      ))}
      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={!hydrated || busy}
          className="rounded bg-neutral-900 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
        >
          {busy ? 'Saving…' : 'Save the lead'}
        </button>
        {message ? (
          <p
            role={message.error ? 'alert' : 'status'}
            className={message.error ? 'text-sm text-red-700' : 'text-sm'}
          >
            {message.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
