import { notFound } from 'next/navigation';

// Unknown paths land here rather than on the static 404, so the not-found page is rendered for the
// requested path and its canonical link names that path (spec §1), not an internal one.
export default function MissingPage(): never {
  notFound();
}
