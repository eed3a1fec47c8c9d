'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import { useClientConfig } from '../../client/config/client-config';
import { signInHref } from '../../site/navigation';
import { accountDisplay } from './account-display';
import { AuthPlaceholder } from './auth-placeholder';
import { useAccountName } from './use-account-name';

/** The signed-in reader's pages. */
export const ACCOUNT_LINKS = [
  { href: '/user/account/', label: 'Your account' },
  { href: '/user/membership/', label: 'Membership' },
  { href: '/user/newsletters/', label: 'Newsletters' },
  { href: '/user/following/', label: 'Following' },
  { href: '/user/people/profiles/edit/', label: 'Your profile' },
] as const;

/**
 * The header's sign-in entry point: "Sign in" for anonymous readers, an account menu once signed in: the
 * reader's initials and name (from their personal details, else their e-mail address), their account
 * pages and signing out. Before the first token check it is a neutral placeholder (HeaderAccount), and
 * until the name is known the avatar is blank rather than showing initials it would then replace.
 * A disclosure: opened from the keyboard (Enter, Space, ArrowDown) it focuses its first item; arrows,
 * Home and End move; Escape closes it and returns focus to the button; leaving it (Tab, a click
 * elsewhere) closes it.
 */
export function AccountMenu() {
  const auth = useAuth();
  const config = useClientConfig();
  const { name, settled } = useAccountName({ state: auth.store.getState(), config, store: auth.store });
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const focusFirst = useRef(false);
  const menuId = useId();

  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? [])];
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    if (focusFirst.current) items()[0]?.focus();
    focusFirst.current = false;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  if (auth.status === 'unknown') return <AuthPlaceholder />;
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
  const display = accountDisplay({ email, firstName: name?.firstName, lastName: name?.lastName });

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusFirst.current = true;
      if (open) items()[0]?.focus();
      else setOpen(true);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
  };

  return (
    // On a phone the panel hangs from the page's right edge, not the button's, so it fits 320 px.
    <div ref={root} className="sm:relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={(event) => {
          // Opened from the keyboard (Enter, Space: no pointer, detail 0): focus goes to the first item.
          focusFirst.current = event.detail === 0;
          setOpen((v) => !v);
        }}
        onKeyDown={onButtonKey}
        title={email}
        className="flex items-center gap-2 rounded-full border border-rule py-1 pl-1 pr-1 sm:pr-3"
      >
        <span
          aria-hidden="true"
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-ink text-xs font-semibold text-paper"
        >
          {settled ? display.initials : ''}
        </span>
        <span aria-hidden="true" className="hidden max-w-[9rem] truncate sm:inline">
          {settled ? (
            display.shortName
          ) : (
            <span className="inline-block h-3 w-16 rounded bg-surface align-middle" />
          )}
        </span>
        <span className="sr-only">
          Account menu for {display.fullName}
          {display.fullName !== email ? ` (${email})` : ''}
        </span>
      </button>
      {open ? (
        <div
          id={menuId}
          onKeyDown={onMenuKey}
          className="absolute right-3 z-30 mt-2 w-64 max-w-[calc(100vw-1.5rem)] rounded border border-rule bg-paper p-2 shadow-lg sm:right-0"
        >
          <div className="border-b border-rule px-3 pb-2 pt-1">
            <p className="truncate font-semibold">{display.fullName}</p>
            {display.fullName !== email ? <p className="truncate text-xs text-muted">{email}</p> : null}
          </div>
          <ul className="py-1">
            {ACCOUNT_LINKS.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  data-menu-item
                  onClick={() => setOpen(false)}
                  className="block rounded px-3 py-2 no-underline hover:bg-surface focus-visible:bg-surface"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <button
            type="button"
            data-menu-item
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true);
              void auth.actions.logout().finally(() => setSigningOut(false));
            }}
            className="w-full rounded border-t border-rule px-3 py-2 text-left hover:bg-surface focus-visible:bg-surface disabled:opacity-60"
          >
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
