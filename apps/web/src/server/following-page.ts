import { runningServices } from '@bof/api/running-services';
import type { StoryPage } from '@bof/api/content';

export type FollowedThing = {
  followsType: 'AUTHOR_ID' | 'SITE_SECTION_ID' | 'TAG_SLUG';
  followsKey: string;
  label: string;
  href: string;
};

const orNull = <T>(work: Promise<T>) => work.catch(() => null);

/**
 * What the reader follows (authors, topics, sections) with names and pages, and one page of the newest
 * stories from them. Follows whose author, topic or section is gone are left out.
 */
export async function followingPage(
  userId: string,
  page: number,
): Promise<{ followed: FollowedThing[]; stories: StoryPage }> {
  const services = await runningServices();
  const [follows, stories] = await Promise.all([
    services.follows.of({ userId }),
    services.follows.stories({ userId }, page),
  ]);
  const followed = await Promise.all(
    follows.map(async (f): Promise<FollowedThing | null> => {
      switch (f.followsType) {
        case 'AUTHOR_ID': {
          const author = await orNull(services.content.author(f.followsKey));
          return author
            ? {
                followsType: 'AUTHOR_ID',
                followsKey: f.followsKey,
                label: author.name,
                href: `/authors/${author.slug}/`,
              }
            : null;
        }
        case 'TAG_SLUG': {
          const topic = await orNull(services.content.topic(f.followsKey));
          return topic
            ? {
                followsType: 'TAG_SLUG',
                followsKey: f.followsKey,
                label: topic.name,
                href: `/topics/${topic.slug}/`,
              }
            : null;
        }
        case 'SITE_SECTION_ID': {
          const section = await orNull(services.content.section(f.followsKey));
          return section
            ? {
                followsType: 'SITE_SECTION_ID',
                followsKey: f.followsKey,
                label: section.name,
                href: `/articles/${section.slug}/`,
              }
            : null;
        }
        default:
          return null;
      }
    }),
  );
  return { followed: followed.filter((f): f is FollowedThing => f !== null), stories };
}

/** The most used topics and the sections, for the empty Following page's suggestions. */
export async function thingsToFollow(): Promise<{ label: string; href: string }[]> {
  const services = await runningServices();
  const [topics, sections] = await Promise.all([services.content.topics(), services.content.sections()]);
  return [
    ...sections.map((s) => ({ label: s.name, href: `/articles/${s.slug}/` })),
    ...topics.slice(0, 8).map((t) => ({ label: t.name, href: `/topics/${t.slug}/` })),
  ];
}
