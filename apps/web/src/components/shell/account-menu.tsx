'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import { signInHref } from '../../site/navigation';

const accountLinks = [
  { href: '/user/account/', label: 'Account' },
  { href: '/user/membership/', label: 'Membership' },
  { href: '/user/newsletters/', label: 'Newsletters' },
] as const;

/**
 * The header's sign-in entry point: "Sign in" for anonymous readers (and before the first token check,
 * so the page never jumps for them), an account menu once signed in.
 */
export function AccountMenu() {
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (auth.status !== 'logged-in') {
    return (
      <a
        href={signInHref}
        onClick={(event) => {
          event.preventDefault();
          void auth.actions.login();
        }}
        className="px-1 py-2 underline-offset-4 hover:underline"
      >
        Sign in
      </a>
    );
  }

  const email = auth.user.email ?? '';
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="account-menu"
        onClick={() => setOpen((v) => !v)}
        className="max-w-[6.5rem] truncate rounded border border-rule px-3 py-2 sm:max-w-[10rem]"
        title={email}
      >
        <span className="sr-only">Account menu for </span>
        {email.split('@')[0]}
      </button>
      {open ? (
        <div
          id="account-menu"
          className="absolute right-0 z-30 mt-2 w-60 rounded border border-rule bg-paper p-2 shadow-lg"
        >
          <p className="truncate px-3 py-2 text-xs text-muted">Signed in as {email}</p>
          <ul>
            {accountLinks.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className="block rounded px-3 py-2 no-underline hover:bg-surface">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <button
            type="button"
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true);
              void auth.actions.logout().finally(() => setSigningOut(false));
            }}
            className="mt-1 w-full rounded px-3 py-2 text-left hover:bg-surface disabled:opacity-60"
          >
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
