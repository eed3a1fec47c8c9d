import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';

function SubmitButton() {
  const hydrated = useHydrated();
  return createElement('button', { type: 'submit', disabled: !hydrated }, 'Continue');
}

describe('useHydrated', () => {
  it('is false in the server render, so a browser-only form cannot be sent before its script runs', () => {
    expect(renderToStaticMarkup(createElement(SubmitButton))).toBe(
      '<button type="submit" disabled="">Continue</button>',
    );
  });
});
