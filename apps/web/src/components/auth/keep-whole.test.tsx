import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { keepWhole } from './keep-whole';

describe('keepWhole', () => {
  it('keeps every "e-mail" on one line and leaves the rest as it was', () => {
    expect(renderToStaticMarkup(<h1>{keepWhole('Confirm your e-mail address')}</h1>)).toBe(
      '<h1>Confirm your <span class="whitespace-nowrap">e-mail</span> address</h1>',
    );
    expect(renderToStaticMarkup(<p>{keepWhole('E-mail, then e-mail.')}</p>)).toBe(
      '<p><span class="whitespace-nowrap">E-mail</span>, then <span class="whitespace-nowrap">e-mail</span>.</p>',
    );
    expect(keepWhole('Sign in')).toBe('Sign in');
  });
});
