'use client';

import { useEffect, useRef } from 'react';

/** Whether a key press happens while the reader is typing somewhere. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The header's search box: a plain GET form to /search/ (works without JavaScript); `/` anywhere on the
 * page focuses it, unless the reader is typing in a field.
 */
export function HeaderSearch({ path }: { path: string }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target))
        return;
      event.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <form role="search" action={path} method="get" className="flex items-center">
      <label htmlFor="site-search" className="sr-only">
        Search
      </label>
      <input
        ref={input}
        id="site-search"
        name="q"
        type="search"
        maxLength={1024}
        placeholder="Search ( / )"
        autoComplete="off"
        className="w-36 rounded-none border border-rule bg-transparent px-2 py-1 text-sm sm:w-48"
      />
      <button type="submit" className="ml-1 border border-ink px-2 py-1 text-sm font-medium">
        Go
      </button>
    </form>
  );
}
