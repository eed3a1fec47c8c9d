'use client';

/**
 * Above a preview: who the story is shown to, and the width to see it at. A phone-width preview opens in a
 * window 390 pixels wide, so the page lays itself out as on a phone (its breakpoints follow the window).
 */
export function PreviewToolbar({ base, audience }: { base: string; audience: string }) {
  const href = (as: string) => `${base}?as=${as}`;
  const open = (width: number, height: number) =>
    window.open(href(audience), `preview-${width}`, `popup,width=${width},height=${height}`);
  return (
    <div
      className="sticky top-0 z-20 flex flex-wrap items-center gap-3 bg-amber-100 px-4 py-2 text-sm"
      role="region"
      aria-label="Preview"
    >
      <strong>Preview</strong>
      <span>Shown to:</span>
      {(['anonymous', 'registered', 'member'] as const).map((as) => (
        <a
          key={as}
          href={href(as)}
          aria-current={as === audience ? 'page' : undefined}
          className={as === audience ? 'font-semibold underline' : 'underline'}
        >
          {as === 'anonymous' ? 'Anonymous reader' : as === 'registered' ? 'Registered reader' : 'Member'}
        </a>
      ))}
      <span aria-hidden="true">·</span>
      <button type="button" className="underline" onClick={() => open(390, 844)}>
        Phone width
      </button>
      <button type="button" className="underline" onClick={() => open(1280, 900)}>
        Desktop width
      </button>
    </div>
  );
}
