'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { saveDailyBriefAction } from '../../app/newsroom/daily-brief/save-daily-brief';
import { useHydrated } from '../../client/use-hydrated';

export interface BriefStory {
  id: string;
  headline: string;
  standfirst: string;
  publishedAt: string;
}

/**
 * The upcoming daily brief's stories in sending order, with buttons to move, remove and add them, and
 * its introduction. Only editors and admins may save (`canEdit`); the others see it read-only.
 */
export function DailyBriefEditor(props: {
  editionId: string;
  intro: string;
  stories: BriefStory[];
  candidates: BriefStory[];
  canEdit: boolean;
}) {
  const router = useRouter();
  const [order, setOrder] = useState(props.stories);
  const [others, setOthers] = useState(props.candidates);
  const [intro, setIntro] = useState(props.intro);
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [error, setError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const changed = () => state === 'saved' && setState('idle');

  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    const [story] = next.splice(index, 1);
    next.splice(index + by, 0, story!);
    setOrder(next);
    changed();
  };
  const remove = (index: number) => {
    const story = order[index]!;
    setOrder(order.filter((_, i) => i !== index));
    setOthers([story, ...others]);
    changed();
  };
  const add = (story: BriefStory) => {
    setOthers(others.filter((s) => s.id !== story.id));
    setOrder([...order, story]);
    changed();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState('saving');
    setError(null);
    try {
      const result = await saveDailyBriefAction({
        editionId: props.editionId,
        storyIds: order.map((s) => s.id),
        intro,
      });
      if (result.ok) {
        setState('saved');
        return router.refresh(); // the page's "edited" line
      }
      setError(result.message);
    } catch {
      setError('The brief could not be saved: check the connection and try again.');
    }
    setState('idle');
  }

  const button = 'rounded border border-neutral-500 px-2 py-1 text-xs font-semibold disabled:opacity-40';
  return (
    <form className="mt-6 space-y-6" onSubmit={(e) => void onSubmit(e)} aria-describedby="brief-status">
      <label className="block text-sm font-semibold">
        Introduction
        <textarea
          name="intro"
          value={intro}
          onChange={(e) => (setIntro(e.target.value), changed())}
          readOnly={!props.canEdit}
          maxLength={1000}
          rows={3}
          className="mt-1 block w-full rounded border border-neutral-400 px-2 py-1.5 font-normal"
        />
      </label>
      <section aria-labelledby="brief-stories">
        <h2 id="brief-stories" className="font-serif text-xl">
          Stories in the brief ({order.length})
        </h2>
        {order.length === 0 ? (
          <p className="mt-2 text-sm">No stories: the brief will not be sent. Add one below.</p>
        ) : (
          <ol className="mt-2 divide-y divide-neutral-200 border-y border-neutral-200">
            {order.map((story, index) => (
              <li key={story.id} className="flex flex-wrap items-start gap-3 py-3">
                <span className="w-6 text-sm text-neutral-600">{index + 1}.</span>
                <div className="min-w-48 flex-1">
                  <p className="font-semibold">{story.headline}</p>
                  <p className="text-sm text-neutral-700">{story.standfirst}</p>
                </div>
                {props.canEdit ? (
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className={button}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={`Move “${story.headline}” up`}
                    >
                      Up
                    </button>
                    <button
                      type="button"
                      className={button}
                      disabled={index === order.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={`Move “${story.headline}” down`}
                    >
                      Down
                    </button>
                    <button
                      type="button"
                      className={button}
                      onClick={() => remove(index)}
                      aria-label={`Remove “${story.headline}”`}
                    >
                      Remove
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
      {props.canEdit && others.length > 0 ? (
        <section aria-labelledby="brief-others">
          <h2 id="brief-others" className="font-serif text-xl">
            Other stories of the day
          </h2>
          <ul className="mt-2 divide-y divide-neutral-200 border-y border-neutral-200">
            {others.map((story) => (
              <li key={story.id} className="flex flex-wrap items-center gap-3 py-2">
                <span className="min-w-48 flex-1 text-sm">{story.headline}</span>
                <button
                  type="button"
                  className={button}
                  onClick={() => add(story)}
                  aria-label={`Add “${story.headline}”`}
                >
                  Add
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {props.canEdit ? (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={!hydrated || state === 'saving'}
            className="rounded bg-neutral-900 px-3 py-1.5 text-sm font-semibold text-white"
          >
            {state === 'saving' ? 'Saving…' : 'Save the brief'}
          </button>
          <p id="brief-status" role="status" className="text-sm">
            {state === 'saved' ? 'Saved: the brief goes out as shown.' : ''}
          </p>
        </div>
      ) : (
        <p id="brief-status" className="text-sm">
          Only editors can change the brief.
        </p>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
