import { describe, expect, it } from 'vitest';
import { shopPath, websiteButtonHtml } from './shop-links';

describe('the partner\'s website button', () => {
  it('is one plain link styled inline: no script, no tracking, the name escaped', () => {
    const html = websiteButtonHtml('https://regalo.example/b/bar-pepe?lang=es', 'Regala "Bar <Pepe> & Co"');
    expect(html).toMatch(/^<a href="https:\/\/regalo.example\/b\/bar-pepe\?lang=es" style="[^"<>]+">Regala &quot;Bar &lt;Pepe&gt; &amp; Co&quot;<\/a>$/);
    expect(html).not.toMatch(/<script|onclick|<img|utm_/i);
  });

  it('points at the shop page, in a language when asked', () => {
    expect(shopPath('bar-pepe')).toBe('/b/bar-pepe');
    expect(shopPath('bar-pepe', 'en')).toBe('/b/bar-pepe?lang=en');
  });
});
