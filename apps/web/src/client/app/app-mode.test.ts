import { describe, expect, it } from 'vitest';
import { detectAppMode } from './app-mode';

function session(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('detectAppMode', () => {
  it('is the app in the standalone display mode', () => {
    expect(detectAppMode({ search: '', standalone: true, session: session() })).toBe(true);
  });

  it('is the app when started with the marker, and stays so for the tab', () => {
    const tab = session();
    expect(detectAppMode({ search: '?app=1', standalone: false, session: tab })).toBe(true);
    expect(detectAppMode({ search: '', standalone: false, session: tab })).toBe(true);
  });

  it('is the browser otherwise, whatever else the address says', () => {
    expect(detectAppMode({ search: '?app=0&x=1', standalone: false, session: session() })).toBe(false);
    expect(detectAppMode({ search: '', standalone: false, session: null })).toBe(false);
  });

  it('still honours the marker when storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(detectAppMode({ search: '?app=1', standalone: false, session: refusing })).toBe(true);
    expect(detectAppMode({ search: '', standalone: false, session: refusing })).toBe(false);
  });
});
