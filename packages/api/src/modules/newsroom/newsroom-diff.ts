import type { DiffLine } from './newsroom.errors';
import type { Draft, DraftBlock } from './newsroom.inputs';

/** A block as one readable line. */
function blockLine(block: DraftBlock): string {
  switch (block.type) {
    case 'paragraph':
      return block.text;
    case 'heading':
      return `${'#'.repeat(block.level)} ${block.text}`;
    case 'image':
      return `[image ${block.photo ?? `${block.art.motif}/${block.art.seed}`}] ${block.alt} | ${block.caption} | ${block.credit}`;
    case 'pullQuote':
      return `“${block.text}” — ${block.attribution}`;
    case 'list':
      return block.items.map((item, i) => (block.ordered ? `${i + 1}. ${item}` : `• ${item}`)).join(' ');
    case 'youtube':
      return `[video ${block.videoId}] ${block.title}`;
    case 'related':
      return `[related ${block.slug}]`;
  }
}

/** A story as labelled lines, fields first and then the body, for comparing revisions. */
export function draftLines(draft: Draft): { field: string; text: string }[] {
  const hero = draft.hero;
  return [
    { field: 'slug', text: draft.slug },
    { field: 'headline', text: draft.headline },
    { field: 'standfirst', text: draft.standfirst },
    { field: 'section', text: draft.section ?? '' },
    { field: 'topics', text: draft.topics.join(', ') },
    { field: 'tags', text: draft.tags.join(', ') },
    { field: 'authors', text: draft.authors.map((a) => `${a.slug} (${a.role})`).join(', ') },
    { field: 'series', text: draft.series ?? '' },
    { field: 'access', text: draft.access },
    { field: 'mediaType', text: draft.mediaType },
    {
      field: 'hero',
      text: `${hero.photo ?? `${hero.art.motif}/${hero.art.seed}`} | ${hero.alt} | ${hero.caption} | ${hero.credit}`,
    },
    { field: 'seoTitle', text: draft.seoTitle },
    { field: 'seoDescription', text: draft.seoDescription },
    { field: 'canonicalUrl', text: draft.canonicalUrl },
    { field: 'corrections', text: draft.corrections },
    ...draft.body.map((block) => ({ field: 'body', text: blockLine(block) })),
  ];
}

/**
 * The changes from `before` to `after`, line by line (longest common subsequence): unchanged lines are
 * kept for context, so a reader sees where a change sits.
 */
export function diffDrafts(before: Draft, after: Draft): DiffLine[] {
  const a = draftLines(before);
  const b = draftLines(after);
  const key = (line: { field: string; text: string }) => `${line.field}\u0000${line.text}`;
  const n = a.length;
  const m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] =
        key(a[i]!) === key(b[j]!) ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (key(a[i]!) === key(b[j]!)) {
      out.push({ kind: 'same', ...a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push({ kind: 'removed', ...a[i++]! });
    else out.push({ kind: 'added', ...b[j++]! });
  }
  while (i < n) out.push({ kind: 'removed', ...a[i++]! });
  while (j < m) out.push({ kind: 'added', ...b[j++]! });
  return out;
}
