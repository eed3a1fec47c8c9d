import type { ProjectAsset, ProjectRecord } from '@bof/api/profile-types';
import { youtubeVideoId } from '@bof/api/profile-links';
import { VideoEmbed } from '../consent/video-embed';
import { OUTSIDE_LINK_REL } from './outside-links';
import { isUploadedPhoto, ProfileImage } from './profile-image';
import { RichText } from './rich-text';

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/**
 * One asset of a project: an uploaded photo through the image optimiser; a photo on another site as a
 * link to it (not loaded from here); a YouTube video behind the embeds consent, as story videos are.
 */
function Asset({ asset, project }: { asset: ProjectAsset; project: string }) {
  const label = asset.description || project;
  if (asset.type === 'YOUTUBE') {
    const videoId = youtubeVideoId(asset.url);
    if (!videoId) return null;
    return (
      <div>
        <div className="print:hidden">
          <VideoEmbed videoId={videoId} title={label} />
        </div>
        <p className="hidden print:block">
          Video: <a href={asset.url}>{label}</a>
        </p>
      </div>
    );
  }
  if (isUploadedPhoto(asset.url))
    return (
      <figure>
        <ProfileImage src={asset.url} alt={asset.description} shape="asset" />
        {asset.description ? (
          <figcaption className="mt-2 text-sm text-muted">{asset.description}</figcaption>
        ) : null}
      </figure>
    );
  return (
    <p className="rounded border border-rule p-4">
      Image:{' '}
      <a href={asset.url} rel={OUTSIDE_LINK_REL}>
        {label}
      </a>{' '}
      <span className="text-sm text-muted">(on {hostOf(asset.url)})</span>
    </p>
  );
}

/** An organisation's projects, the pinned one first, each with its description and assets. */
export function ProjectList({
  projects,
  pinnedProject,
}: {
  projects: readonly ProjectRecord[];
  pinnedProject: string | null;
}) {
  if (projects.length === 0) return null;
  const ordered = [
    ...projects.filter((p) => p.projectId === pinnedProject),
    ...projects.filter((p) => p.projectId !== pinnedProject),
  ];
  return (
    <section aria-labelledby="projects" className="border-t-2 border-ink pt-3">
      <h2 id="projects" className="text-sm font-semibold uppercase tracking-wide">
        Projects
      </h2>
      <ul className="mt-4 space-y-10">
        {ordered.map((project) => (
          <li key={project.projectId} id={`project-${project.slug}`}>
            <article aria-labelledby={`project-${project.slug}-title`} className="space-y-4">
              <div className="flex items-center gap-4">
                <ProfileImage src={project.thumbnail} alt="" shape="card" />
                <h3 id={`project-${project.slug}-title`} className="font-serif text-2xl font-bold">
                  {project.title}
                  {project.projectId === pinnedProject ? (
                    <span className="ml-3 align-middle text-xs font-semibold uppercase tracking-wide text-accent">
                      Featured
                    </span>
                  ) : null}
                </h3>
              </div>
              <RichText html={project.description} />
              {project.assets.length > 0 ? (
                <ul className="grid gap-6 md:grid-cols-2">
                  {project.assets.map((asset, index) => (
                    <li key={index}>
                      <Asset asset={asset} project={project.title} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
