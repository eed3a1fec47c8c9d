import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkedFormPost, hasMalformedPath, isPageFormPost, malformedRequest } from './malformed-request';

describe('malformed requests', () => {
  it('tells an address that is not valid percent-encoding', () => {
    for (const url of ['/topics/%E0%A4%A/', '/topics/%/', '/series/%ZZ/', '/a/%C0%AE/', '/a/%ED%A0%80/']) {
      expect(hasMalformedPath(url)).toBe(true);
    }
    for (const url of ['/topics/caf%C3%A9/', '/topics/a/?q=%', '/', '/a%20b/', undefined]) {
      expect(hasMalformedPath(url)).toBe(false);
    }
  });

  it('refuses a multipart POST without a boundary, not one with it', () => {
    const post = (contentType: string) =>
      malformedRequest({ url: '/user/logout/', method: 'POST', headers: { 'content-type': contentType } });
    expect(post('multipart/form-data')).toBe('a multipart body needs a boundary');
    expect(post('multipart/form-data; boundary=----x')).toBeUndefined();
    expect(post('application/json')).toBeUndefined();
    expect(
      malformedRequest({ url: `/illustrations/${'x'.repeat(10_240)}/a.svg/`, method: 'GET', headers: {} }),
    ).toBe('the address is too long');
    // A long query is read; past 8,192 characters in all (what common proxies accept) it is refused.
    expect(
      malformedRequest({ url: `/topics/a/?q=${'x'.repeat(4_000)}`, method: 'GET', headers: {} }),
    ).toBeUndefined();
    expect(malformedRequest({ url: `/topics/a/?q=${'x'.repeat(10_240)}`, method: 'GET', headers: {} })).toBe(
      'the address is too long',
    );
    expect(malformedRequest({ url: '/%', method: 'GET', headers: {} })).toBe(
      'the address is not valid percent-encoding',
    );
  });

  it('reads a page form post first: a valid one is handed on whole, a cut one is refused', async () => {
    const posted = (body: string) => {
      const req = new IncomingMessage(new Socket());
      req.method = 'POST';
      req.url = '/contact/media/';
      req.headers = { 'content-type': 'multipart/form-data; boundary=zz' };
      req.push(Buffer.from(body));
      req.push(null);
      return req;
    };
    const whole = '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--zz--\r\n';
    const good = posted(whole);
    expect(isPageFormPost(good)).toBe(true);
    const checked = await checkedFormPost(good);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const chunks: Buffer[] = [];
    for await (const chunk of checked.req as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe(whole);
    expect(checked.req.url).toBe('/contact/media/');
    expect(
      await checkedFormPost(posted('--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb')),
    ).toEqual({
      ok: false,
      status: 400,
      reason: 'the form is not valid multipart',
    });
    expect(isPageFormPost({ ...good, url: '/api/graphql/', method: 'POST', headers: good.headers })).toBe(
      false,
    );
  });
});
