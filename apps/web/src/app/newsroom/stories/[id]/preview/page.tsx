import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PreviewToolbar } from '../../../../../components/newsroom/preview-toolbar';
import { newsroomStaffOr404 } from '../../../../../server/newsroom/newsroom-staff';
import { PREVIEW_AUDIENCES, PreviewedStory } from '../../../../../server/newsroom/preview-story';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Preview · Newsroom', robots: { index: false, follow: false } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** A draft as a reader of the chosen audience would see it on the story page. Staff only. */
export default async function PreviewPage({ params, searchParams }: Props) {
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const { viewer, newsroom } = await newsroomStaffOr404();
  const row = await newsroom.story(viewer, id).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'newsroom_story_not_found') notFound();
    throw error;
  });
  const as = (await searchParams).as;
  const audience = PREVIEW_AUDIENCES.find((a) => a === as) ?? 'anonymous';
  return (
    <>
      <PreviewToolbar base={`/newsroom/stories/${id}/preview/`} audience={audience} />
      <PreviewedStory row={row} taxonomy={await newsroom.taxonomy(viewer)} audience={audience} />
    </>
  );
}
