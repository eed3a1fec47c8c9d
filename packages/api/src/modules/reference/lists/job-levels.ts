import type { ReferenceEntry } from './reference-item';

/** How senior a person's role is, most junior first. */
export const JOB_LEVELS: readonly ReferenceEntry[] = [
  { key: 'student', title: 'Student' },
  { key: 'intern', title: 'Intern' },
  { key: 'entry-level', title: 'Entry level' },
  { key: 'associate', title: 'Associate' },
  { key: 'manager', title: 'Manager' },
  { key: 'senior-manager', title: 'Senior manager' },
  { key: 'director', title: 'Director' },
  { key: 'vice-president', title: 'Vice president' },
  { key: 'c-suite', title: 'C-suite executive' },
  { key: 'founder-or-owner', title: 'Founder or owner' },
  { key: 'board-member', title: 'Board member' },
  { key: 'freelance', title: 'Freelance or self-employed' },
];
