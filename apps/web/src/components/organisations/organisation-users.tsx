'use client';

import { useRef, useState, type FormEvent } from 'react';
import { track } from '../../client/analytics/tracker';
import { runMutation, runQuery } from '../../client/graphql/graphql-client';
import {
  AddOrganisationUsersMutation,
  ChangeOrganisationUserRoleMutation,
  OrganisationAccountUsersQuery,
  RemoveOrganisationUserMutation,
  ResendOrganisationInvitationMutation,
} from '../../client/graphql/organisations.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import {
  MAX_ADDRESS_FILE_BYTES,
  parseAddressList,
  type AddressRow,
} from '../../client/organisations/address-list';
import { useHydrated } from '../../client/use-hydrated';
import { formatDate } from '../../site/dates';

export type Role = 'OWNER' | 'ADMIN' | 'USER';

export interface AccountUser {
  accountUserId: string;
  userId: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  createdAt: string;
}

export interface UsersPage {
  users: AccountUser[];
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface Seats {
  allocatedSeats: number;
  purchasedSeats: number;
  totalSeatsRemaining: number;
}

/** One address's outcome in the last add: added, invited, already there, or refused and why. */
interface Outcome {
  row: number;
  email: string;
  result: string;
  ok: boolean;
}

const ROLE_NAMES: Record<Role, string> = { OWNER: 'Owner', ADMIN: 'Admin', USER: 'User' };
const STATUS_TEXT = {
  ADDED: 'Added: they have the membership from their next sign-in',
  INVITED: 'Invited by e-mail: their seat is held',
  ALREADY_MEMBER: 'Already on the account: nothing changed',
} as const;
const FAILED_TEXT = 'That did not work just now. Nothing has changed: please try again.';
const PAGE_SIZE = 25;

const nameOf = (u: AccountUser) => [u.firstName, u.lastName].filter(Boolean).join(' ');

/**
 * The users of an organisation account, for its owners and admins: seat counts, the list (search,
 * more pages), adding people by address or from a CSV file with each row's outcome, roles, removal and
 * invitations sent again. The server decides every change (roles, seats); this shows what it answered.
 */
export function OrganisationUsers({
  accountId,
  viewerRole,
  viewerUserId,
  initialSeats,
  initialPage,
}: {
  accountId: string;
  viewerRole: Role;
  viewerUserId: string;
  initialSeats: Seats;
  initialPage: UsersPage;
}) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const [seats, setSeats] = useState(initialSeats);
  const [page, setPage] = useState(initialPage);
  const [search, setSearch] = useState('');
  const [listState, setListState] = useState<'idle' | 'loading' | 'error'>('idle');
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const [addresses, setAddresses] = useState('');
  const [role, setRole] = useState<Role>('USER');
  const [fileRows, setFileRows] = useState<{ name: string; rows: AddressRow[] } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<{ summary: string; rows: Outcome[]; error: boolean } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);

  async function load(term: string, after?: string) {
    setListState('loading');
    try {
      const data = await runQuery(client, OrganisationAccountUsersQuery, {
        filter: { accountId, search: term || undefined, first: PAGE_SIZE, after },
      });
      const result = data.organisationAccountUsers;
      if (result.__typename !== 'OrganisationAccountUsersPage') {
        setListState('error');
        setStatus({ text: result.message, error: true });
        return;
      }
      const users = result.users as AccountUser[];
      setPage((current) => ({
        users: after ? [...current.users, ...users] : users,
        hasNextPage: result.pageInfo.hasNextPage,
        endCursor: result.pageInfo.endCursor ?? null,
      }));
      setListState('idle');
    } catch {
      setListState('error');
    }
  }

  const canManage = (target: AccountUser) =>
    target.userId !== viewerUserId && (viewerRole === 'OWNER' || target.role === 'USER');
  const roleChoices = (target: AccountUser): Role[] =>
    viewerRole === 'OWNER' ? ['OWNER', 'ADMIN', 'USER'] : target.role === 'USER' ? ['ADMIN', 'USER'] : [];

  /** Sends the rows' addresses in one request; reports every row, refused ones included. */
  async function addRows(rows: readonly AddressRow[]) {
    const valid = rows.filter((r): r is Extract<AddressRow, { ok: true }> => r.ok);
    const refused: Outcome[] = rows
      .filter((r): r is Extract<AddressRow, { ok: false }> => !r.ok)
      .map((r) => ({ row: r.row, email: r.text, result: `Refused: ${r.reason}`, ok: false }));
    if (valid.length === 0) {
      setOutcomes({
        summary: 'Nobody was added: no row holds an address to add.',
        rows: refused,
        error: true,
      });
      return false;
    }
    setBusy('add');
    try {
      const data = await runMutation(client, AddOrganisationUsersMutation, {
        input: { accountId, emails: valid.map((r) => r.email), role },
      });
      const result = data.addUsersToOrganisationAccount;
      const byIndex = (index: number) => valid[index]!;
      const sorted = (list: Outcome[]) => list.sort((a, b) => a.row - b.row);
      if (result.__typename === 'OrganisationAccountUsersAdded') {
        const done = result.rows.map((r) => ({
          row: byIndex(r.row - 1).row,
          email: r.email,
          result: STATUS_TEXT[r.status],
          ok: true,
        }));
        const count = result.rows.filter((r) => r.status !== 'ALREADY_MEMBER').length;
        for (let i = 0; i < count; i++)
          track({ event: 'organisation_user_added', data: { accountId, initiatorUserId: viewerUserId } });
        setSeats(result.seats);
        setOutcomes({
          summary:
            `${count} ${count === 1 ? 'person was' : 'people were'} added.` +
            (refused.length > 0
              ? ` ${refused.length} ${refused.length === 1 ? 'row was' : 'rows were'} refused.`
              : ''),
          rows: sorted([...done, ...refused]),
          error: refused.length > 0,
        });
        await load(search);
        return true;
      }
      // The server adds all or none: every row is reported as not added, with the reason.
      let reasons = new Map<number, string>();
      let summary = 'Nobody was added. ';
      if (result.__typename === 'SeatAllocationError') {
        const why =
          result.errorType === 'NO_SEATS_REMAINING'
            ? `Not enough seats (NO_SEATS_REMAINING): ${valid.length} needed, ${seats.totalSeatsRemaining} remaining.`
            : `More addresses than the account has seats (INVALID_SEAT_REQUEST).`;
        summary += why;
        reasons = new Map(valid.map((_, i) => [i, why]));
      } else if (result.__typename === 'ZodError') {
        for (const e of result.fieldErrors) {
          const index = Number(e.path[2]);
          if (e.path[1] === 'emails' && Number.isInteger(index)) reasons.set(index, e.message);
        }
        summary += reasons.size > 0 ? 'Correct the rows marked below and try again.' : result.message;
      } else summary += result.message;
      const notAdded = valid.map((r, i) => ({
        row: r.row,
        email: r.email,
        result: reasons.has(i) ? `Refused: ${reasons.get(i)}` : 'Not added (the request was refused).',
        ok: false,
      }));
      setOutcomes({ summary, rows: sorted([...notAdded, ...refused]), error: true });
      return false;
    } catch {
      setOutcomes({ summary: FAILED_TEXT, rows: [], error: true });
      return false;
    } finally {
      setBusy(null);
      resultsRef.current?.focus();
    }
  }

  async function submitAddresses(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const list = parseAddressList(addresses, { csv: false });
    if (list.kind === 'refused') {
      setOutcomes({ summary: `Nobody was added: ${list.reason}`, rows: [], error: true });
      return;
    }
    if (await addRows(list.rows)) setAddresses('');
  }

  async function chooseFile(files: FileList | null) {
    setFileRows(null);
    setFileError(null);
    const file = files?.[0];
    if (!file) return;
    if (file.size > MAX_ADDRESS_FILE_BYTES) {
      setFileError('This file is too large: a CSV file of up to 1,000 addresses is at most 256 KB.');
      return;
    }
    const list = parseAddressList(await file.text(), { csv: true });
    if (list.kind === 'refused') setFileError(`${file.name}: ${list.reason}`);
    else setFileRows({ name: file.name, rows: list.rows });
  }

  async function addFile() {
    if (!fileRows || busy) return;
    if (await addRows(fileRows.rows)) {
      setFileRows(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function changeRole(target: AccountUser, next: Role) {
    setBusy(target.accountUserId);
    try {
      const data = await runMutation(client, ChangeOrganisationUserRoleMutation, {
        input: { accountId, accountUserId: target.accountUserId, role: next },
      });
      const result = data.changeOrganisationAccountUserRole;
      if (result.__typename !== 'OrganisationAccountUser') {
        setStatus({ text: result.message, error: true });
        return;
      }
      setPage((current) => ({
        ...current,
        users: current.users.map((u) =>
          u.accountUserId === target.accountUserId ? { ...u, role: result.role } : u,
        ),
      }));
      setStatus({ text: `${target.email} is now ${ROLE_NAMES[result.role]}.`, error: false });
    } catch {
      setStatus({ text: FAILED_TEXT, error: true });
    } finally {
      setBusy(null);
    }
  }

  async function remove(target: AccountUser) {
    if (!window.confirm(`Remove ${target.email} from the account? Their seat is freed.`)) return;
    setBusy(target.accountUserId);
    try {
      const data = await runMutation(client, RemoveOrganisationUserMutation, {
        input: { accountId, accountUserId: target.accountUserId },
      });
      const result = data.removeUserFromOrganisationAccount;
      if (result.__typename !== 'OrganisationAccountUserRemoved') {
        setStatus({ text: result.message, error: true });
        return;
      }
      track({ event: 'organisation_user_removed', data: { accountId, initiatorUserId: viewerUserId } });
      setSeats(result.seats);
      setPage((current) => ({
        ...current,
        users: current.users.filter((u) => u.accountUserId !== target.accountUserId),
      }));
      setStatus({
        text: `${target.email} was removed. They lose the membership at their next sign-in or token refresh.`,
        error: false,
      });
    } catch {
      setStatus({ text: FAILED_TEXT, error: true });
    } finally {
      setBusy(null);
    }
  }

  async function resend(target: AccountUser) {
    setBusy(target.accountUserId);
    try {
      const data = await runMutation(client, ResendOrganisationInvitationMutation, {
        input: { accountId, accountUserId: target.accountUserId },
      });
      const result = data.resendOrganisationAccountInvitation;
      setStatus(
        result.__typename === 'OrganisationAccountUser'
          ? { text: `The invitation was sent again to ${result.email}.`, error: false }
          : { text: result.message, error: true },
      );
    } catch {
      setStatus({ text: FAILED_TEXT, error: true });
    } finally {
      setBusy(null);
    }
  }

  const input = 'w-full rounded border border-muted bg-paper px-3 py-2';
  const button = 'rounded bg-accent px-5 py-2 font-medium text-accent-ink disabled:opacity-60';
  const small = 'rounded border border-ink px-3 py-1 text-sm disabled:opacity-60';
  const validInFile = fileRows?.rows.filter((r) => r.ok).length ?? 0;

  return (
    <div>
      <p data-testid="seat-counts" className="mt-4 text-lg">
        <strong>{seats.allocatedSeats}</strong> of <strong>{seats.purchasedSeats}</strong> seats used,{' '}
        {seats.totalSeatsRemaining} remaining.
      </p>

      <section aria-labelledby="add-heading" className="mt-10">
        <h2 id="add-heading" className="font-serif text-2xl font-bold">
          Add people
        </h2>
        <p className="mt-2 text-sm text-muted">
          Readers with an account get the membership at their next sign-in; anyone else is invited by e-mail
          and their seat is held for them. Everyone is added, or nobody.
        </p>
        <form onSubmit={(event) => void submitAddresses(event)} noValidate className="mt-4 space-y-3">
          <div>
            <label htmlFor="add-addresses" className="mb-1 block text-sm font-medium">
              E-mail addresses (one per line, or separated by commas)
            </label>
            <textarea
              id="add-addresses"
              rows={3}
              value={addresses}
              onChange={(event) => setAddresses(event.target.value)}
              className={input}
            />
          </div>
          <div>
            <label htmlFor="add-role" className="mb-1 block text-sm font-medium">
              Role
            </label>
            <select
              id="add-role"
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
              className="rounded border border-muted bg-paper px-3 py-2"
            >
              <option value="USER">User: reads with the membership</option>
              <option value="ADMIN">Admin: also manages users</option>
              {viewerRole === 'OWNER' ? <option value="OWNER">Owner: also manages admins</option> : null}
            </select>
          </div>
          <button type="submit" className={button} disabled={!hydrated || busy !== null || !addresses.trim()}>
            Add people
          </button>
        </form>

        <div className="mt-6 space-y-3">
          <label htmlFor="add-file" className="block text-sm font-medium">
            Or upload a CSV file (one address per row, first column; up to 1,000 rows)
          </label>
          <input
            ref={fileInput}
            id="add-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            disabled={!hydrated || busy !== null}
            onChange={(event) => void chooseFile(event.target.files)}
          />
          {fileError ? (
            <p role="alert" className="text-sm text-accent">
              {fileError}
            </p>
          ) : null}
          {fileRows ? (
            <div>
              <p data-testid="file-summary">
                {fileRows.name}: {validInFile} {validInFile === 1 ? 'address' : 'addresses'} to add
                {fileRows.rows.length > validInFile
                  ? `, ${fileRows.rows.length - validInFile} ${fileRows.rows.length - validInFile === 1 ? 'row' : 'rows'} that cannot be added (shown after adding)`
                  : ''}
                .
              </p>
              <button
                type="button"
                className={`${button} mt-2`}
                disabled={!hydrated || busy !== null}
                onClick={() => void addFile()}
              >
                Add from the file
              </button>
            </div>
          ) : null}
        </div>

        <div ref={resultsRef} tabIndex={-1} aria-live="polite" className="mt-6">
          {outcomes ? (
            <div data-testid="add-results">
              <p role="status" className={outcomes.error ? 'font-medium text-accent' : 'font-medium'}>
                {outcomes.summary}
              </p>
              {outcomes.rows.length > 0 ? (
                <table className="mt-3 w-full text-left text-sm">
                  <thead>
                    <tr className="border-b border-rule">
                      <th className="py-1 pr-3">Row</th>
                      <th className="py-1 pr-3">Address</th>
                      <th className="py-1">Outcome</th>
                    </tr>
                  </thead>
                  <tbody>
                    {outcomes.rows.map((o) => (
                      <tr key={`${o.row}-${o.email}`} className="border-b border-rule">
                        <td className="py-1 pr-3">{o.row}</td>
                        <td className="break-all py-1 pr-3">{o.email}</td>
                        <td className={o.ok ? 'py-1' : 'py-1 text-accent'}>{o.result}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </div>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="users-heading" className="mt-12">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="users-heading" className="font-serif text-2xl font-bold">
            People on the account
          </h2>
          <a
            href={`/user/organisations/users/export/?accountId=${encodeURIComponent(accountId)}`}
            className="text-sm font-medium underline"
            download
          >
            Download the list (CSV)
          </a>
        </div>
        <form
          role="search"
          className="mt-4 flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void load(search);
          }}
        >
          <label htmlFor="users-search" className="sr-only">
            Search by name or e-mail
          </label>
          <input
            id="users-search"
            type="search"
            placeholder="Search by name or e-mail"
            value={search}
            maxLength={254}
            onChange={(event) => setSearch(event.target.value)}
            className="w-full max-w-md rounded border border-muted bg-paper px-3 py-2"
          />
          <button type="submit" className={small} disabled={!hydrated || listState === 'loading'}>
            Search
          </button>
        </form>
        <p
          role="status"
          aria-live="polite"
          className={status?.error ? 'mt-4 text-accent' : 'mt-4 text-muted'}
        >
          {status?.text ?? ''}
        </p>
        {listState === 'error' ? (
          <p role="alert" className="mt-2 text-accent">
            The list could not be loaded just now.{' '}
            <button type="button" className="underline" onClick={() => void load(search)}>
              Try again
            </button>
          </p>
        ) : null}
        {page.users.length === 0 && listState !== 'loading' ? (
          <p className="mt-4" data-testid="users-empty">
            {search ? `Nobody on the account matches “${search}”.` : 'Nobody is on the account yet.'}
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-rule border-y border-rule" aria-busy={listState === 'loading'}>
            {page.users.map((user) => {
              const choices = roleChoices(user);
              const manageable = canManage(user);
              return (
                <li
                  key={user.accountUserId}
                  data-testid="account-user"
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="break-all font-medium">{user.email}</p>
                    <p className="text-sm text-muted">
                      {nameOf(user) ? `${nameOf(user)} · ` : ''}
                      {user.userId
                        ? `Joined · added ${formatDate(user.createdAt)}`
                        : `Invited ${formatDate(user.createdAt)}, not signed in yet`}
                      {user.userId === viewerUserId ? ' · you' : ''}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {manageable && choices.length > 0 ? (
                      <select
                        aria-label={`Role of ${user.email}`}
                        value={user.role}
                        disabled={!hydrated || busy !== null}
                        onChange={(event) => void changeRole(user, event.target.value as Role)}
                        className="rounded border border-muted bg-paper px-2 py-1 text-sm"
                      >
                        {choices.map((r) => (
                          <option key={r} value={r}>
                            {ROLE_NAMES[r]}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <span className="text-sm" aria-label={`Role of ${user.email}`}>
                        {ROLE_NAMES[user.role]}
                      </span>
                    )}
                    {manageable && !user.userId ? (
                      <button
                        type="button"
                        className={small}
                        disabled={!hydrated || busy !== null}
                        onClick={() => void resend(user)}
                      >
                        Resend invitation<span className="sr-only"> to {user.email}</span>
                      </button>
                    ) : null}
                    {manageable ? (
                      <button
                        type="button"
                        className={small}
                        disabled={!hydrated || busy !== null}
                        onClick={() => void remove(user)}
                      >
                        Remove<span className="sr-only"> {user.email}</span>
                      </button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {listState === 'loading' ? <p className="mt-3 text-muted">Loading…</p> : null}
        {page.hasNextPage && page.endCursor ? (
          <button
            type="button"
            className={`${small} mt-4`}
            disabled={!hydrated || listState === 'loading'}
            onClick={() => void load(search, page.endCursor ?? undefined)}
          >
            Show more people
          </button>
        ) : null}
      </section>
    </div>
  );
}
