'use client';

import { useState, type FormEvent } from 'react';
import { runMutation } from '../../client/graphql/graphql-client';
import { CreateNewsroomStoryMutation } from '../../client/graphql/newsroom.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

/** Starts a story from its headline and opens it in the editor. */
export function NewStoryForm() {
  const client = useGraphQLClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const headline = String(new FormData(event.currentTarget).get('headline') ?? '');
    setBusy(true);
    setError(null);
    try {
      const result = await runMutation(client, CreateNewsroomStoryMutation, { input: { headline } });
      const answer = result.createNewsroomStory;
      if (answer.__typename === 'NewsroomStory') window.location.assign(`/newsroom/stories/${answer.id}/`);
      else
        setError(
          answer.__typename === 'ZodError'
            ? (answer.fieldErrors[0]?.message ?? answer.message)
            : answer.message,
        );
    } catch {
      setError('The story could not be created: check the connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="mt-6 flex flex-wrap items-end gap-3" onSubmit={(e) => void onSubmit(e)}>
      <label className="min-w-64 flex-1 text-sm font-semibold">
        New story headline
        <input
          name="headline"
          required
          className="mt-1 block w-full rounded border border-neutral-400 px-2 py-1.5"
          aria-describedby={error ? 'new-story-error' : undefined}
        />
      </label>
      <button
        type="submit"
        disabled={!hydrated || busy}
        className="rounded bg-neutral-900 px-3 py-1.5 text-sm font-semibold text-white"
      >
        Start a story
      </button>
      {error ? (
        <p id="new-story-error" role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
