import { ShareControls } from './share-controls';

/**
 * Copy-link and share controls for a story (or a gift link of one). The links to LinkedIn, X and
 * e-mail are plain HTML and work without JavaScript; copying and the system share sheet need the
 * browser. Every share is reported as a `share` event with its platform (`data-share-target`).
 */
export function ShareTools({
  url,
  title,
  articleId,
  giftId,
}: {
  url: string;
  title: string;
  articleId?: string;
  giftId?: string;
}) {
  const encoded = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  const linkClass = 'rounded border border-rule px-3 py-1.5 no-underline hover:bg-surface';
  return (
    <ShareControls url={url} title={title} articleId={articleId} giftId={giftId} buttonClass={linkClass}>
      <a
        className={linkClass}
        href={`https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`}
        target="_blank"
        rel="noopener noreferrer"
        data-share-target="linkedin"
      >
        LinkedIn<span className="sr-only"> (opens in a new tab)</span>
      </a>
      <a
        className={linkClass}
        href={`https://twitter.com/intent/tweet?url=${encoded}&text=${text}`}
        target="_blank"
        rel="noopener noreferrer"
        data-share-target="x"
      >
        X<span className="sr-only"> (opens in a new tab)</span>
      </a>
      <a className={linkClass} href={`mailto:?subject=${text}&body=${encoded}`} data-share-target="email">
        E-mail
      </a>
    </ShareControls>
  );
}
