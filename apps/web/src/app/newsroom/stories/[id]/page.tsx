import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ACCESS_TIERS, ART_MOTIFS, MEDIA_TYPES, STORY_CONTRIBUTOR_ROLES } from '@bof/api/newsroom';
import { StoryEditor } from '../../../../components/newsroom/story-editor';
import { newsroomStaffOr404 } from '../../../../server/newsroom/newsroom-staff';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Edit story · Newsroom', robots: { index: false, follow: false } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Props = { params: Promise<{ id: string }> };

/** The story editor. Staff only; a writer opens only their own stories. */
export default async function EditStoryPage({ params }: Props) {
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const { viewer, staff, newsroom } = await newsroomStaffOr404();
  const story = await newsroom.story(viewer, id).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'newsroom_story_not_found') notFound();
    throw error;
  });
  const taxonomy = await newsroom.taxonomy(viewer);
  const topicPackages = taxonomy.topics.map((t) => `topic:${t.slug}`);
  const section = story.record.section;
  const publicPath = section ? `/articles/${section}/${story.slug}/` : null;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <p className="mb-4 text-sm">
        <Link className="underline" href="/newsroom/">
          ← Newsroom
        </Link>
      </p>
      <h1 className="sr-only">Edit story</h1>
      <StoryEditor
        story={{
          id: story.id,
          status: story.status,
          revision: story.revision,
          publishAt: story.publishAt?.toISOString() ?? null,
          publishedAt: story.publishedAt?.toISOString() ?? null,
          draft: story.record,
          editing: story.editing,
          publicPath,
        }}
        taxonomy={taxonomy}
        choices={{
          roles: STORY_CONTRIBUTOR_ROLES,
          mediaTypes: MEDIA_TYPES,
          motifs: ART_MOTIFS,
          access: [...ACCESS_TIERS, ...topicPackages],
        }}
        canPublish={staff.role !== 'writer'}
        autosaveMs={3_000}
      />
    </div>
  );
}
