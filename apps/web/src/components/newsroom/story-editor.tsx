'use client';

import { BreakingNewsButton } from './breaking-news-button';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { Draft, DraftBlock } from '@bof/api/newsroom';
import { runMutation, runQuery } from '../../client/graphql/graphql-client';
import {
  CreateNewsroomPreviewLinkMutation,
  NewsroomDiffQuery,
  NewsroomHeartbeatMutation,
  NewsroomRevisionsQuery,
  PublishNewsroomStoryMutation,
  RestoreNewsroomRevisionMutation,
  SaveNewsroomStoryMutation,
  ScheduleNewsroomStoryMutation,
  UnpublishNewsroomStoryMutation,
} from '../../client/graphql/newsroom.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';
import { blocksToDoc, docToBlocks, STORY_BLOCK_NODE, type EditorNode } from './body-blocks';
import { StoryBlockNode } from './story-block-node';
import { uploadPhoto } from './upload-photo';

interface Choice {
  slug: string;
  name: string;
}

export interface StoryEditorProps {
  story: {
    id: string;
    status: string;
    revision: number;
    publishAt: string | null;
    publishedAt: string | null;
    draft: Draft;
    editing: string[];
    publicPath: string | null;
  };
  taxonomy: { sections: Choice[]; topics: Choice[]; authors: Choice[]; series: Choice[] };
  choices: {
    roles: readonly string[];
    mediaTypes: readonly string[];
    motifs: readonly string[];
    access: readonly string[];
  };
  canPublish: boolean;
  autosaveMs: number;
}

type FieldErrors = Record<string, string>;
interface DiffLine {
  kind: string;
  field: string;
  text: string;
}

const input = 'mt-1 w-full rounded border border-neutral-400 px-2 py-1.5';
const button = 'rounded border border-neutral-800 px-3 py-1.5 text-sm font-semibold hover:bg-neutral-100';
const primary = 'rounded bg-neutral-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-neutral-700';

const fieldKey = (path: readonly string[]) =>
  path.filter((p) => p !== 'input' && p !== 'draft' && p !== 'draftJson').join('.');

/** The newsroom's story editor: fields, the body in a rich-text editor, autosave, revisions and publishing. */
export function StoryEditor({ story, taxonomy, choices, canPublish, autosaveMs }: StoryEditorProps) {
  const client = useGraphQLClient();
  const [draft, setDraft] = useState<Draft>(story.draft);
  const [revision, setRevision] = useState(story.revision);
  const [status, setStatus] = useState(story.status);
  const [publishAt, setPublishAt] = useState(story.publishAt);
  const [editing, setEditing] = useState(story.editing);
  const [dirty, setDirty] = useState(false);
  const [saveState, setSaveState] = useState<'saved' | 'saving' | 'unsaved' | 'error'>('saved');
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<{ savedBy: string; changes: DiffLine[]; revision: number } | null>(
    null,
  );
  const [revisions, setRevisions] = useState<{ revision: number; savedBy: string; createdAt: string }[]>([]);
  const [diff, setDiff] = useState<DiffLine[] | null>(null);
  const [previewLink, setPreviewLink] = useState<string | null>(null);
  const [scheduleAt, setScheduleAt] = useState('');
  // Publishing runs only in the browser: until the page is live its controls stay disabled, so a quick
  // click (or a date typed) before then is not lost.
  const hydrated = useHydrated();
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const revisionRef = useRef(revision);
  revisionRef.current = revision;
  const savingRef = useRef(false);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: false,
      }),
      StoryBlockNode,
    ],
    content: blocksToDoc(story.draft.body),
    immediatelyRender: false,
    injectCSS: false,
    editorProps: {
      attributes: {
        class: 'prose min-h-64 max-w-none rounded border border-neutral-400 px-3 py-2 focus:outline-2',
        'aria-label': 'Story body',
        'data-testid': 'story-body',
      },
    },
    onUpdate: ({ editor: e }) => {
      setDraft((d) => ({ ...d, body: docToBlocks(e.getJSON() as EditorNode) }));
      setDirty(true);
      setSaveState('unsaved');
    },
  });

  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setDirty(true);
    setSaveState('unsaved');
  };

  const save = useCallback(async (): Promise<boolean> => {
    if (savingRef.current) return false;
    savingRef.current = true;
    setSaveState('saving');
    try {
      const result = await runMutation(client, SaveNewsroomStoryMutation, {
        input: {
          id: story.id,
          baseRevision: revisionRef.current,
          draftJson: JSON.stringify(draftRef.current),
        },
      });
      const answer = result.saveNewsroomStory;
      if (answer.__typename === 'NewsroomStory') {
        setRevision(answer.revision);
        setEditing(answer.editing);
        setErrors({});
        setDirty(false);
        setSaveState('saved');
        setConflict(null);
        return true;
      }
      setSaveState('error');
      if (answer.__typename === 'NewsroomStaleRevisionError') {
        setConflict({ savedBy: answer.savedBy, changes: answer.changes, revision: answer.currentRevision });
        setMessage(answer.message);
      } else if (answer.__typename === 'ZodError') {
        setErrors(Object.fromEntries(answer.fieldErrors.map((e) => [fieldKey(e.path), e.message])));
        setMessage(answer.message);
      } else setMessage(answer.message);
      return false;
    } catch {
      setSaveState('error');
      setMessage('The story could not be saved: check the connection. Nothing was lost here.');
      return false;
    } finally {
      savingRef.current = false;
    }
  }, [client, story.id]);

  // Autosave a few seconds after the last change (not while a conflict waits for the editor).
  useEffect(() => {
    if (!dirty || conflict) return;
    const timer = setTimeout(() => void save(), autosaveMs);
    return () => clearTimeout(timer);
  }, [dirty, draft, conflict, save, autosaveMs]);

  // Presence: say we are here, hear who else is, every few seconds; say goodbye on leaving.
  useEffect(() => {
    const beat = async (leaving = false) => {
      try {
        const result = await runMutation(client, NewsroomHeartbeatMutation, {
          input: { id: story.id, leaving },
        });
        if (result.newsroomHeartbeat.__typename === 'NewsroomHeartbeatSuccess')
          setEditing(result.newsroomHeartbeat.data);
      } catch {
        // Presence is a courtesy: a missed beat changes nothing.
      }
    };
    void beat();
    const timer = setInterval(() => void beat(), 5_000);
    return () => {
      clearInterval(timer);
      void beat(true);
    };
  }, [client, story.id]);

  const loadRevisions = useCallback(async () => {
    const result = await runQuery(client, NewsroomRevisionsQuery, { id: story.id });
    if (result.newsroomRevisions.__typename === 'NewsroomRevisionsSuccess')
      setRevisions(result.newsroomRevisions.data.map((r) => ({ ...r, createdAt: String(r.createdAt) })));
  }, [client, story.id]);
  useEffect(() => void loadRevisions(), [loadRevisions, revision]);

  async function showDiff(from: number, to: number) {
    const result = await runQuery(client, NewsroomDiffQuery, { id: story.id, from, to });
    if (result.newsroomDiff.__typename === 'NewsroomDiffSuccess') setDiff(result.newsroomDiff.data);
  }

  async function restore(target: number) {
    const result = await runMutation(client, RestoreNewsroomRevisionMutation, {
      input: { id: story.id, revision: target, baseRevision: revisionRef.current },
    });
    const answer = result.restoreNewsroomRevision;
    if (answer.__typename === 'NewsroomStory') {
      const restored = JSON.parse(answer.draftJson) as Draft;
      setDraft(restored);
      setRevision(answer.revision);
      editor?.commands.setContent(blocksToDoc(restored.body), { emitUpdate: false });
      setDirty(false);
      setSaveState('saved');
      setMessage(`Revision ${target} restored as revision ${answer.revision}.`);
    } else setMessage(answer.message);
  }

  async function reloadTheirs() {
    window.location.reload();
  }

  async function act(kind: 'publish' | 'schedule' | 'unpublish') {
    setMessage(null);
    if (dirty && !(await save())) return;
    if (kind === 'schedule' && scheduleAt === '') {
      setErrors({ publishAt: 'Choose a date and time.' });
      return;
    }
    const id = story.id;
    const result =
      kind === 'publish'
        ? (await runMutation(client, PublishNewsroomStoryMutation, { input: { id } })).publishNewsroomStory
        : kind === 'schedule'
          ? (
              await runMutation(client, ScheduleNewsroomStoryMutation, {
                input: { id, publishAt: new Date(scheduleAt).toISOString() },
              })
            ).scheduleNewsroomStory
          : (await runMutation(client, UnpublishNewsroomStoryMutation, { input: { id } }))
              .unpublishNewsroomStory;
    if (result.__typename === 'NewsroomStory') {
      setStatus(result.status);
      setPublishAt(result.publishAt ? String(result.publishAt) : null);
      setErrors({});
      setMessage(
        kind === 'publish'
          ? 'Published.'
          : kind === 'schedule'
            ? `Scheduled for ${new Date(String(result.publishAt)).toLocaleString()}.`
            : 'Taken down.',
      );
      return;
    }
    if (result.__typename === 'ZodError')
      setErrors(Object.fromEntries(result.fieldErrors.map((e) => [fieldKey(e.path), e.message])));
    setMessage(result.message);
  }

  async function previewLinkFor() {
    const result = await runMutation(client, CreateNewsroomPreviewLinkMutation, { input: { id: story.id } });
    const answer = result.createNewsroomPreviewLink;
    if (answer.__typename === 'NewsroomPreviewLink') setPreviewLink(answer.url);
    else setMessage(answer.message);
  }

  async function onHeroPhoto(event: FormEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    const uploaded = await uploadPhoto(file);
    if ('error' in uploaded) setErrors((e) => ({ ...e, 'hero.photo': uploaded.error }));
    else {
      setErrors((e) => ({ ...e, 'hero.photo': '' }));
      change('hero', { ...draft.hero, photo: uploaded.id });
    }
  }

  async function onInsertImage(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get('file');
    const alt = String(data.get('alt') ?? '').trim();
    if (!(file instanceof File) || file.size === 0) {
      setErrors((e) => ({ ...e, image: 'Choose a photo to upload.' }));
      return;
    }
    if (alt === '') {
      setErrors((e) => ({ ...e, image: 'Describe the photo (alt text): it is required.' }));
      return;
    }
    const uploaded = await uploadPhoto(file);
    if ('error' in uploaded) {
      setErrors((e) => ({ ...e, image: uploaded.error }));
      return;
    }
    const block: DraftBlock = {
      type: 'image',
      art: { motif: 'grid', seed: uploaded.id },
      photo: uploaded.id,
      alt,
      caption: String(data.get('caption') ?? '').trim(),
      credit: String(data.get('credit') ?? '').trim(),
    };
    editor
      ?.chain()
      .focus()
      .insertContent({ type: STORY_BLOCK_NODE, attrs: { block: JSON.stringify(block) } })
      .run();
    setErrors((e) => ({ ...e, image: '' }));
    form.reset();
  }

  const err = (key: string) =>
    errors[key] ? (
      <p className="mt-1 text-sm text-red-700" id={`err-${key}`} role="alert">
        {errors[key]}
      </p>
    ) : null;
  const described = (key: string) =>
    errors[key] ? { 'aria-describedby': `err-${key}`, 'aria-invalid': true } : {};
  const bodyErrors = Object.entries(errors).filter(([k, v]) => k.startsWith('body') && v);

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div>
        <div className="mb-4 flex flex-wrap items-center gap-3 text-sm" aria-live="polite">
          <span className="rounded bg-neutral-200 px-2 py-0.5 font-semibold" data-testid="story-status">
            {status}
            {status === 'scheduled' && publishAt ? ` for ${new Date(publishAt).toLocaleString()}` : ''}
          </span>
          <span data-testid="save-state">
            {saveState === 'saved'
              ? `Saved · revision ${revision}`
              : saveState === 'saving'
                ? 'Saving…'
                : saveState === 'unsaved'
                  ? 'Unsaved changes'
                  : 'Not saved'}
          </span>
          {editing.length > 0 ? (
            <span className="rounded bg-amber-100 px-2 py-0.5" data-testid="presence">
              {editing.join(', ')} {editing.length === 1 ? 'is' : 'are'} editing
            </span>
          ) : null}
          {story.publicPath && status === 'published' ? (
            <a className="underline" href={story.publicPath}>
              View the live story
            </a>
          ) : null}
        </div>
        {message ? (
          <p role="status" className="mb-4 rounded border border-neutral-400 px-3 py-2">
            {message}
          </p>
        ) : null}
        {conflict ? (
          <section className="mb-4 rounded border-2 border-red-700 p-3" aria-labelledby="conflict-title">
            <h2 id="conflict-title" className="font-semibold">
              {conflict.savedBy} saved revision {conflict.revision}: your save was refused
            </h2>
            <p className="text-sm">Their changes since you started:</p>
            <DiffView lines={conflict.changes} />
            <button type="button" className={`${button} mt-2`} onClick={() => void reloadTheirs()}>
              Load their version
            </button>
          </section>
        ) : null}

        <label className="block font-semibold">
          Headline
          <input
            className={`${input} text-xl`}
            value={draft.headline}
            maxLength={400}
            onChange={(e) => change('headline', e.target.value)}
            {...described('headline')}
          />
        </label>
        {err('headline')}
        <label className="mt-3 block font-semibold">
          Standfirst
          <textarea
            className={input}
            rows={2}
            value={draft.standfirst}
            onChange={(e) => change('standfirst', e.target.value)}
            {...described('standfirst')}
          />
        </label>
        {err('standfirst')}
        <p className="mt-4 font-semibold">Body</p>
        <div className="mb-2 flex flex-wrap gap-2" role="toolbar" aria-label="Body formatting">
          <button
            type="button"
            className={button}
            onClick={() => editor?.chain().focus().setParagraph().run()}
          >
            Paragraph
          </button>
          <button
            type="button"
            className={button}
            onClick={() => editor?.chain().focus().toggleHeading({ level: 2 }).run()}
          >
            Heading
          </button>
          <button
            type="button"
            className={button}
            onClick={() => editor?.chain().focus().toggleHeading({ level: 3 }).run()}
          >
            Subheading
          </button>
          <button
            type="button"
            className={button}
            onClick={() => editor?.chain().focus().toggleBulletList().run()}
          >
            List
          </button>
          <button
            type="button"
            className={button}
            onClick={() => editor?.chain().focus().toggleBlockquote().run()}
          >
            Pull quote
          </button>
        </div>
        <EditorContent editor={editor} />
        {bodyErrors.map(([key, value]) => (
          <p key={key} className="mt-1 text-sm text-red-700" role="alert">
            {value}
          </p>
        ))}
        <form
          className="mt-3 grid gap-2 rounded border border-neutral-300 p-3 sm:grid-cols-2"
          onSubmit={(e) => void onInsertImage(e)}
        >
          <p className="font-semibold sm:col-span-2">Insert a photo</p>
          <label className="text-sm">
            Photo (JPEG, PNG or WebP, up to 10 MB)
            <input name="file" type="file" accept="image/jpeg,image/png,image/webp" className="mt-1 block" />
          </label>
          <label className="text-sm">
            Alt text (required)
            <input name="alt" className={input} />
          </label>
          <label className="text-sm">
            Caption
            <input name="caption" className={input} />
          </label>
          <label className="text-sm">
            Credit
            <input name="credit" className={input} />
          </label>
          {err('image')}
          <button type="submit" className={`${button} sm:col-span-2`}>
            Upload and insert photo
          </button>
        </form>

        <fieldset className="mt-6 grid gap-3 sm:grid-cols-2">
          <legend className="font-semibold">Hero picture</legend>
          <label className="text-sm">
            Uploaded photo {draft.hero.photo ? '(one is set)' : '(none: the drawn art is shown)'}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="mt-1 block"
              aria-label="Hero photo"
              onChange={(e) => void onHeroPhoto(e)}
            />
          </label>
          {err('hero.photo')}
          <label className="text-sm">
            Art motif
            <select
              className={input}
              value={draft.hero.art.motif}
              onChange={(e) =>
                change('hero', {
                  ...draft.hero,
                  art: { ...draft.hero.art, motif: e.target.value as Draft['hero']['art']['motif'] },
                })
              }
            >
              {choices.motifs.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            Hero alt text
            <input
              className={input}
              value={draft.hero.alt}
              {...described('hero.alt')}
              onChange={(e) => change('hero', { ...draft.hero, alt: e.target.value })}
            />
            {err('hero.alt')}
          </label>
          <label className="text-sm">
            Hero caption
            <input
              className={input}
              value={draft.hero.caption}
              {...described('hero.caption')}
              onChange={(e) => change('hero', { ...draft.hero, caption: e.target.value })}
            />
            {err('hero.caption')}
          </label>
          <label className="text-sm">
            Hero credit
            <input
              className={input}
              value={draft.hero.credit}
              {...described('hero.credit')}
              onChange={(e) => change('hero', { ...draft.hero, credit: e.target.value })}
            />
            {err('hero.credit')}
          </label>
        </fieldset>

        <fieldset className="mt-6 grid gap-3 sm:grid-cols-2">
          <legend className="font-semibold">Search and sharing</legend>
          <label className="text-sm">
            SEO title
            <input
              className={input}
              value={draft.seoTitle}
              onChange={(e) => change('seoTitle', e.target.value)}
              {...described('seoTitle')}
            />
            {err('seoTitle')}
          </label>
          <label className="text-sm">
            SEO description
            <input
              className={input}
              value={draft.seoDescription}
              onChange={(e) => change('seoDescription', e.target.value)}
              {...described('seoDescription')}
            />
            {err('seoDescription')}
          </label>
          <label className="text-sm">
            Canonical address (optional)
            <input
              className={input}
              value={draft.canonicalUrl}
              onChange={(e) => change('canonicalUrl', e.target.value)}
              {...described('canonicalUrl')}
            />
            {err('canonicalUrl')}
          </label>
          <label className="text-sm">
            Correction notes
            <textarea
              className={input}
              rows={2}
              value={draft.corrections}
              onChange={(e) => change('corrections', e.target.value)}
            />
          </label>
        </fieldset>
      </div>

      <aside className="space-y-6">
        <section className="space-y-3">
          <h2 className="font-semibold">Story</h2>
          <label className="block text-sm">
            Slug
            <input
              className={input}
              value={draft.slug}
              disabled={status === 'published'}
              onChange={(e) => change('slug', e.target.value)}
              {...described('slug')}
            />
            {err('slug')}
          </label>
          <label className="block text-sm">
            Section
            <select
              className={input}
              value={draft.section ?? ''}
              {...described('section')}
              onChange={(e) => change('section', e.target.value || null)}
            >
              <option value="">Choose a section</option>
              {taxonomy.sections.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.name}
                </option>
              ))}
            </select>
            {err('section')}
          </label>
          <label className="block text-sm">
            Topics (the first is the main one)
            <select
              multiple
              className={`${input} h-28`}
              value={draft.topics}
              {...described('topics')}
              onChange={(e) =>
                change(
                  'topics',
                  [...e.target.selectedOptions].map((o) => o.value),
                )
              }
            >
              {taxonomy.topics.map((t) => (
                <option key={t.slug} value={t.slug}>
                  {t.name}
                </option>
              ))}
            </select>
            {err('topics')}
          </label>
          <label className="block text-sm">
            Tags (comma-separated slugs)
            <input
              className={input}
              defaultValue={draft.tags.join(', ')}
              {...described('tags')}
              onBlur={(e) =>
                change(
                  'tags',
                  e.target.value
                    .split(',')
                    .map((t) => t.trim())
                    .filter(Boolean),
                )
              }
            />
            {err('tags')}
          </label>
          <div className="text-sm">
            <p>Authors</p>
            {draft.authors.map((a, i) => (
              <div key={`${a.slug}-${i}`} className="mt-1 flex gap-1">
                <span className="flex-1">
                  {taxonomy.authors.find((x) => x.slug === a.slug)?.name ?? a.slug}
                </span>
                <select
                  aria-label={`Role of ${a.slug}`}
                  value={a.role}
                  onChange={(e) =>
                    change(
                      'authors',
                      draft.authors.map((b, j) =>
                        j === i ? { ...b, role: e.target.value as typeof b.role } : b,
                      ),
                    )
                  }
                >
                  {choices.roles.map((r) => (
                    <option key={r}>{r}</option>
                  ))}
                </select>
                <button
                  type="button"
                  aria-label={`Remove ${a.slug}`}
                  onClick={() =>
                    change(
                      'authors',
                      draft.authors.filter((_, j) => j !== i),
                    )
                  }
                >
                  ×
                </button>
              </div>
            ))}
            <select
              className={input}
              aria-label="Add an author"
              value=""
              onChange={(e) =>
                e.target.value &&
                change('authors', [...draft.authors, { slug: e.target.value, role: 'AUTHOR' }])
              }
            >
              <option value="">Add an author…</option>
              {taxonomy.authors
                .filter((a) => !draft.authors.some((b) => b.slug === a.slug))
                .map((a) => (
                  <option key={a.slug} value={a.slug}>
                    {a.name}
                  </option>
                ))}
            </select>
            {err('authors')}
          </div>
          <label className="block text-sm">
            Series
            <select
              className={input}
              value={draft.series ?? ''}
              onChange={(e) => change('series', e.target.value || null)}
            >
              <option value="">None</option>
              {taxonomy.series.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm">
            Access
            <select className={input} value={draft.access} onChange={(e) => change('access', e.target.value)}>
              {choices.access.map((a) => (
                <option key={a}>{a}</option>
              ))}
            </select>
          </label>
          <label className="block text-sm">
            Media type
            <select
              className={input}
              value={draft.mediaType}
              onChange={(e) => change('mediaType', e.target.value as Draft['mediaType'])}
            >
              {choices.mediaTypes.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </label>
          <button type="button" className={primary} onClick={() => void save()}>
            Save now
          </button>
        </section>

        <section className="space-y-2">
          <h2 className="font-semibold">Preview</h2>
          <p className="flex flex-wrap gap-2 text-sm">
            {(['anonymous', 'registered', 'member'] as const).map((as) => (
              <a key={as} className="underline" href={`/newsroom/stories/${story.id}/preview/?as=${as}`}>
                As{' '}
                {as === 'anonymous'
                  ? 'an anonymous reader'
                  : as === 'registered'
                    ? 'a registered reader'
                    : 'a member'}
              </a>
            ))}
          </p>
          <button type="button" className={button} onClick={() => void previewLinkFor()}>
            Create a 24-hour preview link
          </button>
          {previewLink ? (
            <p className="break-all text-sm" data-testid="preview-link">
              {previewLink}
            </p>
          ) : null}
        </section>

        {canPublish ? (
          <fieldset className="space-y-2" disabled={!hydrated}>
            <legend>
              <h2 className="font-semibold">Publishing</h2>
            </legend>
            <button type="button" className={primary} onClick={() => void act('publish')}>
              {status === 'published' ? 'Update the live story' : 'Publish now'}
            </button>
            {status !== 'published' ? (
              <div className="space-y-1">
                <label className="block text-sm">
                  Publish at
                  <input
                    type="datetime-local"
                    className={input}
                    value={scheduleAt}
                    {...described('publishAt')}
                    onChange={(e) => setScheduleAt(e.target.value)}
                  />
                </label>
                {err('publishAt')}
                <button type="button" className={button} onClick={() => void act('schedule')}>
                  Schedule
                </button>
              </div>
            ) : null}
            {status === 'published' || status === 'scheduled' ? (
              <button type="button" className={button} onClick={() => void act('unpublish')}>
                {status === 'published' ? 'Unpublish' : 'Cancel the schedule'}
              </button>
            ) : null}
            {status === 'published' ? <BreakingNewsButton storyId={story.id} className={button} /> : null}
          </fieldset>
        ) : (
          <p className="text-sm">Writers save drafts; an editor schedules and publishes them.</p>
        )}

        <section className="space-y-2">
          <h2 className="font-semibold">Revisions</h2>
          <ol className="space-y-1 text-sm">
            {revisions.map((r, i) => (
              <li key={r.revision} className="flex flex-wrap items-center gap-2">
                <span>
                  {r.revision} · {r.savedBy} · {new Date(r.createdAt).toLocaleString()}
                </span>
                {revisions[i + 1] ? (
                  <button
                    type="button"
                    className="underline"
                    onClick={() => void showDiff(revisions[i + 1]!.revision, r.revision)}
                  >
                    Changes
                  </button>
                ) : null}
                {r.revision !== revision ? (
                  <button type="button" className="underline" onClick={() => void restore(r.revision)}>
                    Restore
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
          {revisions.length > 1 ? (
            <CompareForm revisions={revisions.map((r) => r.revision)} onCompare={showDiff} />
          ) : null}
          {diff ? <DiffView lines={diff} /> : null}
        </section>
      </aside>
    </div>
  );
}

function CompareForm({
  revisions,
  onCompare,
}: {
  revisions: number[];
  onCompare: (a: number, b: number) => Promise<void>;
}) {
  const [from, setFrom] = useState(revisions[revisions.length - 1]!);
  const [to, setTo] = useState(revisions[0]!);
  return (
    <form
      className="flex flex-wrap items-end gap-2 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        void onCompare(from, to);
      }}
    >
      <label>
        From
        <select className={input} value={from} onChange={(e) => setFrom(Number(e.target.value))}>
          {revisions.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <label>
        To
        <select className={input} value={to} onChange={(e) => setTo(Number(e.target.value))}>
          {revisions.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <button type="submit" className={button}>
        Compare
      </button>
    </form>
  );
}

function DiffView({ lines }: { lines: DiffLine[] }) {
  const changed = lines.filter((l) => l.kind !== 'same');
  if (changed.length === 0) return <p className="text-sm">No changes.</p>;
  return (
    <ul className="mt-2 space-y-1 text-sm" data-testid="diff">
      {changed.map((l, i) => (
        <li key={i} className={l.kind === 'added' ? 'bg-green-100' : 'bg-red-100 line-through'}>
          <span className="sr-only">{l.kind === 'added' ? 'Added' : 'Removed'}: </span>
          <span className="font-semibold">{l.field}</span> {l.text}
        </li>
      ))}
    </ul>
  );
}
