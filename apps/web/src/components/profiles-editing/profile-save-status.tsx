'use client';

import { forwardRef } from 'react';

export interface SaveStatus {
  text: string;
  error: boolean;
}

/** The editor's one status line: what the last save or publish did, or why it did not. Focused on change. */
export const ProfileSaveStatus = forwardRef<HTMLParagraphElement, { status: SaveStatus | null }>(
  function ProfileSaveStatus({ status }, ref) {
    return (
      <p
        ref={ref}
        tabIndex={-1}
        role={status?.error ? 'alert' : 'status'}
        data-testid="profile-status"
        className={`mt-4 min-h-6 ${status?.error ? 'font-semibold text-red-700' : ''}`}
      >
        {status?.text}
      </p>
    );
  },
);
