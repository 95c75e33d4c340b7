import { describe, expect, it } from 'vitest';
import { renderLandingPage } from './render-landing-page';

/*
 * The landing page is an `html` template in the public frame (platform/html.ts, public-page.ts):
 * the newest gifts' names, businesses and addresses — text businesses write — come out as text.
 */
const hostile = [`<script>alert(1)</script>`, `"><img src=x onerror=alert(1)>`, `' onmouseover='alert(1)`];

describe('the landing page with hostile text in the newest gifts', () => {
  it.each(['en', 'es', 'va'] as const)('shows every field as text (%s)', (language) => {
    const page = renderLandingPage({
      language,
      site: { origin: 'https://regalo.test' },
      figures: { giftsSent: 1200, partners: 15, recipients: 900 },
      gifts: hostile.map((text, i) => ({
        id: `g${i}`,
        name: `${text} name`,
        href: `/b/x/${encodeURIComponent(text)}`,
        businessName: `${text} business`,
        priceText: '25,00 €',
        imageUrl: i === 0 ? null : `/i${i}.webp`,
      })) as never,
      cookieBanner: { consent: null, customise: true },
      accountDeleted: true,
    });
    const markup = page.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, '');
    expect(markup).not.toContain('<script>alert');
    expect(markup).not.toContain('<img src=x');
    // No tag gained an attribute: each tag's quoted values emptied, no event handler is left.
    const tags = [...markup.matchAll(/<[a-z][^>]*>/gi)].map(([tag]) => tag.replace(/"[^"]*"/g, '""'));
    expect(tags.filter((tag) => /\son[a-z]+=/i.test(tag))).toEqual([]);
    expect(markup).toContain('&lt;script&gt;alert(1)&lt;/script&gt; name');
    expect(markup).toContain('&#39; onmouseover=&#39;alert(1) business');
  });
});

describe('the landing page while it loads', () => {
  const page = renderLandingPage({
    language: 'en',
    site: { origin: 'https://regalo.test' },
    figures: { giftsSent: 1200, partners: 15, recipients: 900 },
    gifts: [],
    cookieBanner: { consent: null, customise: false },
    accountDeleted: false,
  });
  const css = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
  const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector = '', body = '']) => ({ selector: selector.trim(), body }));

  // The script dims "how it works" at load; an always-on transition animated that dimming,
  // some twenty to thirty rounds of style, layout and paint on the main thread during the first second.
  it('animates "how it works" only once its reveal has started, and never by its layout', () => {
    const animated = rules.filter(({ body }) => /transition:(?!none)/.test(body));
    expect(animated.length).toBeGreaterThan(0);
    for (const { selector, body } of animated) {
      expect(selector).toMatch(/^\[data-timeline=started\] /);
      expect(body).not.toMatch(/\b(width|height|margin|padding|top|left)\b/);
    }
  });
});
