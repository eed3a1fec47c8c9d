import { describe, expect, it } from 'vitest';
import { smartQuotes, typographicBlock } from './typography';

describe('smartQuotes', () => {
  it.each([
    ["the brand's sales", 'the brand\u2019s sales'],
    ["don't", 'don\u2019t'],
    ['he said "we are done" today', 'he said \u201Cwe are done\u201D today'],
    ['"Quoted at the start."', '\u201CQuoted at the start.\u201D'],
    ["the 'new luxury' idea", 'the \u2018new luxury\u2019 idea'],
    ["the brands' owners", 'the brands\u2019 owners'],
    ["back to the '90s", 'back to the \u201990s'],
    ['("in brackets")', '(\u201Cin brackets\u201D)'],
    ['she said: "It\'s over."', 'she said: \u201CIt\u2019s over.\u201D'],
    ['a \u2014"dash" quote', 'a \u2014\u201Cdash\u201D quote'],
  ])('%s', (input, expected) => {
    expect(smartQuotes(input)).toBe(expected);
  });

  it('leaves text without straight quotes, and curly quotes, as they are', () => {
    const text = 'The brand\u2019s \u201Cnew\u201D era';
    expect(smartQuotes(text)).toBe(text);
    expect(smartQuotes('no quotes')).toBe('no quotes');
  });

  it('sets the quotes of every text a reader reads in a block, not of slugs or ids', () => {
    expect(typographicBlock({ type: 'list', ordered: false, items: ["it's", '"a"'] })).toEqual({
      type: 'list',
      ordered: false,
      items: ['it\u2019s', '\u201Ca\u201D'],
    });
    expect(typographicBlock({ type: 'related', slug: 'a-b' })).toEqual({ type: 'related', slug: 'a-b' });
    expect(typographicBlock({ type: 'pullQuote', text: '"Yes"', attribution: "O'Neil" })).toEqual({
      type: 'pullQuote',
      text: '\u201CYes\u201D',
      attribution: 'O\u2019Neil',
    });
  });
});
