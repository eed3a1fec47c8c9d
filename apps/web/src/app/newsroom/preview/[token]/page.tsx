import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PreviewToolbar } from '../../../../components/newsroom/preview-toolbar';
import { newsroomStaffOr404 } from '../../../../server/newsroom/newsroom-staff';
import { PREVIEW_AUDIENCES, PreviewedStory } from '../../../../server/newsroom/preview-story';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Preview · Newsroom', robots: { index: false, follow: false } };

type Props = {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** A shared preview link: any staff member can open it for 24 hours; anyone else gets 404. */
export default async function SharedPreviewPage({ params, searchParams }: Props) {
  const { token } = await params;
  if (token.length > 200) notFound();
  const { viewer, newsroom } = await newsroomStaffOr404();
  const row = await newsroom.storyByPreviewToken(viewer, token);
  if (!row) notFound();
  const as = (await searchParams).as;
  const audience = PREVIEW_AUDIENCES.find((a) => a === as) ?? 'anonymous';
  return (
    <>
      <PreviewToolbar base={`/newsroom/preview/${encodeURIComponent(token)}/`} audience={audience} />
      <PreviewedStory row={row} taxonomy={await newsroom.taxonomy(viewer)} audience={audience} />
    </>
  );
}
