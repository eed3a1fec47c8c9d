import { describe, expect, it } from 'vitest';
import { fieldMessages } from './profile-field-errors';

describe('fieldMessages', () => {
  it('keys messages by the path inside the form, keeping the first per field', () => {
    expect(
      fieldMessages(
        [
          { path: ['input', 'profile', 'firstName'], message: 'The first name is required.' },
          { path: ['input', 'profile', 'careers', '1', 'jobTitle'], message: 'The job title is required.' },
          { path: ['input', 'profile', 'firstName'], message: 'second' },
          { path: ['input', 'version'], message: 'The version cannot be negative.' },
          { path: [], message: 'Whole form.' },
        ],
        'profile',
      ),
    ).toEqual({
      firstName: 'The first name is required.',
      'careers.1.jobTitle': 'The job title is required.',
      version: 'The version cannot be negative.',
      form: 'Whole form.',
    });
  });
});
