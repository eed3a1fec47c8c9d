import { describe, expect, it } from 'vitest';
import { isCheckoutPath, isReaderTaskPath } from './reader-task';

describe('isReaderTaskPath', () => {
  it('holds for stories, case studies and checkouts', () => {
    for (const path of [
      '/articles/news/a-story/',
      '/case-studies/a-study/',
      '/subscriptions/individuals/payment/',
      '/subscriptions/upgrade/payment/',
      '/billing-simulator/challenge/x/',
    ])
      expect(isReaderTaskPath(path), path).toBe(true);
  });

  it('not for the front page, lists, sections or account pages', () => {
    for (const path of [
      '/',
      '/case-studies/',
      '/articles/news/',
      '/topics/luxury/',
      '/user/account/',
      '/legal/',
    ])
      expect(isReaderTaskPath(path), path).toBe(false);
  });

  it('checkouts are the subscription pages and the bank’s check', () => {
    expect(isCheckoutPath('/subscriptions/packages/')).toBe(true);
    expect(isCheckoutPath('/articles/news/a-story/')).toBe(false);
  });
});
