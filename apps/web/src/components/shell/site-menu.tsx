'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';

/**
 * The phone and tablet menu (below the width where the header shows its section row): a button that
 * opens the site's sections as a panel under the header. The button says whether the panel is open
 * (aria-expanded); opening it moves focus to the first section; Escape closes it and returns focus to
 * the button; a click outside it, Tab past its last link or following a link closes it.
 */
export function SiteMenu({ links }: { links: readonly { href: string; label: string }[] }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const pathname = usePathname();

  // A followed link closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="lg:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded border border-rule px-3 py-2 text-sm font-medium"
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" className="fill-current">
          {open ? (
            <path d="M3.5 2.1 8 6.6l4.5-4.5 1.4 1.4L9.4 8l4.5 4.5-1.4 1.4L8 9.4l-4.5 4.5-1.4-1.4L6.6 8 2.1 3.5z" />
          ) : (
            <path d="M1 3h14v2H1zm0 4h14v2H1zm0 4h14v2H1z" />
          )}
        </svg>
        Menu
      </button>
      <div
        ref={panel}
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full z-30 border-y border-rule bg-paper shadow-lg"
      >
        <nav aria-label="Sections" className="mx-auto max-w-page px-gutter py-3">
          <ul className="grid gap-x-6 sm:grid-cols-2">
            {links.map((link) => (
              <li key={link.href} className="border-b border-rule">
                <Link
                  prefetch={false}
                  href={link.href}
                  onClick={() => setOpen(false)}
                  className="block py-3 font-serif text-lg font-semibold no-underline hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
