import { getImageProps } from 'next/image';
import type { ReactNode } from 'react';
import type { StoryPage } from '@bof/api/content';
import { feedPath, type ListPageInfo } from '../../server/content/list-page';
import { ListHeader } from './list-header';
import { Pagination } from './pagination';
import { StoryList } from './story-list';

/**
 * A list page: its heading and description, one page of its stories (or what to say when there are
 * none) and the links to the pages before and after. With `storiesHeading` the stories sit under a
 * heading of their own (an h2, their headlines h3), below what the header says about the page.
 */
export function StoryListPage({
  info,
  list,
  empty,
  note,
  storiesHeading,
  follow,
  portrait,
}: {
  info: ListPageInfo;
  list: Pick<StoryPage, 'stories' | 'page' | 'pageCount'>;
  /** What the page says when the list has no stories. */
  empty: string;
  /** A line under the description in the header. */
  note?: ReactNode;
  storiesHeading?: string;
  /** The follow button of an author, section or topic. */
  follow?: ReactNode;
  /** An author's portrait (an uploaded photo), beside what the header says. */
  portrait?: { src: string; alt: string };
}) {
  return (
    <div className="mx-auto max-w-page px-gutter py-10">
      <ListHeader
        kicker={info.kicker}
        title={info.title}
        feed={info.feed ? { href: feedPath(info), label: `RSS feed of ${info.title}` } : undefined}
      >
        {portrait ? (
          <img
            {...getImageProps({ src: portrait.src, alt: portrait.alt, width: 96, height: 96 }).props}
            alt={portrait.alt}
            className="float-left mr-4 mb-2 size-24 rounded-full object-cover"
          />
        ) : null}
        <p>{info.description}</p>
        {note ? <p className="mt-2 text-sm">{note}</p> : null}
        {follow ? <div className="mt-4">{follow}</div> : null}
      </ListHeader>
      {storiesHeading ? (
        <h2 className="mb-6 text-sm font-semibold uppercase tracking-wide">{storiesHeading}</h2>
      ) : null}
      <StoryList stories={list.stories} empty={empty} headingLevel={storiesHeading ? 3 : 2} />
      <Pagination basePath={info.path} page={list.page} pageCount={list.pageCount} />
    </div>
  );
}
