import { Fragment, type ReactNode } from 'react';

const HYPHENATED = /(e-mail)/gi;

/**
 * Text with "e-mail" kept on one line: browsers may break a line after a hyphen, and "e-" at the end of
 * a heading's line reads badly on a phone. The rest of the text wraps as usual.
 */
export function keepWhole(text: string): ReactNode {
  const parts = text.split(HYPHENATED);
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}
