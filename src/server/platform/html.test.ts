import { describe, expect, it } from 'vitest';
import { html, trustedHtml, TrustedHtml } from './html';

describe('the html template', () => {
  it('escapes every interpolated text and number', () => {
    const text = `<script>alert("x")</script> & 'y'`;
    expect(html`<p title="${text}">${text}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>',
    );
    expect(html`<td>${12.5}</td>`.value).toBe('<td>12.5</td>');
  });

  it('places trusted HTML and nested templates as they are, and lists item by item', () => {
    const item = (name: string) => html`<li>${name}</li>`;
    expect(html`<ul>${['a<b', 'c'].map(item)}</ul>${trustedHtml('<hr>')}`.value).toBe('<ul><li>a&lt;b</li><li>c</li></ul><hr>');
  });

  it('leaves out null, undefined and false, so a condition can guard a part', () => {
    const maybe = (shown: boolean) => shown && html`<b>shown</b>`;
    expect(html`${null}${undefined}${maybe(false)}|${maybe(true)}`.value).toBe('|<b>shown</b>');
  });

  it('gives TrustedHtml, whose text is the markup', () => {
    const out = html`<i>${'x'}</i>`;
    expect(out).toBeInstanceOf(TrustedHtml);
    expect(String(out)).toBe('<i>x</i>');
  });
});
