// @vitest-environment happy-dom
import { COOKIE_BANNER_SHELL_ID, cookieBannerHtml, cookieBannerShell, type CookieBannerTexts } from '@shared/cookie-banner-shell';
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, type Language } from '../../lib/language';
import { loadText } from '../../lib/text';
import en from '@shared/locales/en/cookies.json';
import es from '@shared/locales/es/cookies.json';
import va from '@shared/locales/va/cookies.json';
import { CookieBanner } from './cookie-banner';

const dom = mountReactRootPerTest();
const texts: Record<Language, CookieBannerTexts> = { en, es, va };

function addShell(language: Language) {
  const holder = document.createElement('div');
  holder.innerHTML = cookieBannerShell(texts[language]);
  document.body.append(holder.firstElementChild!);
}

/** HTML as the browser's parser makes it, so both sides are compared as the same DOM. */
function parsed(html: string) {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder.innerHTML;
}

afterEach(() => {
  document.getElementById(COOKIE_BANNER_SHELL_ID)?.remove();
  document.cookie = 'cookie-consent=; Max-Age=0; Path=/';
});

describe('the cookie banner painted by the server', () => {
  // First in the file: the catalogue is not loaded yet, so the banner suspends.
  it('stays while the banner\'s texts load, and is replaced in the commit that renders the banner', async () => {
    addShell('en');
    let loaded!: Promise<void>;
    act(() => {
      dom.root.render(
        <Suspense fallback={null}>
          <CookieBanner />
        </Suspense>,
      );
      loaded = loadText('en', ['cookies']);
    });
    expect(document.getElementById(COOKIE_BANNER_SHELL_ID)).not.toBeNull();
    expect(dom.container.querySelector('section')).toBeNull();

    await act(() => loaded);
    expect(document.getElementById(COOKIE_BANNER_SHELL_ID)).toBeNull();
    expect(document.querySelectorAll('#cookie-banner-title')).toHaveLength(1);
    expect(dom.container.querySelector('section')?.getAttribute('aria-labelledby')).toBe('cookie-banner-title');
  });

  it.each<Language>(['en', 'es', 'va'])('is exactly the banner React renders first, in %s', async (language) => {
    // Any difference would make the banner change or move when React takes over (ADR 050).
    await changeLanguage(language);
    await act(() => loadText(language, ['cookies']));
    await act(async () => dom.root.render(<CookieBanner />));
    expect(dom.container.innerHTML).toBe(parsed(cookieBannerHtml(texts[language])));
  });

  it('is removed even when a choice was stored meanwhile (another tab), and nothing shows', async () => {
    await changeLanguage('en');
    document.cookie = 'cookie-consent=necessary; Path=/';
    addShell('en');
    await act(async () => dom.root.render(<CookieBanner />));
    expect(document.getElementById(COOKIE_BANNER_SHELL_ID)).toBeNull();
    expect(dom.container.innerHTML).toBe('');
  });

  it('is inert and escapes its texts', () => {
    const html = cookieBannerShell({ ...en, title: 'Cookies <b>&</b> "you"' });
    expect(html.startsWith(`<div id="${COOKIE_BANNER_SHELL_ID}" inert>`)).toBe(true);
    expect(html).toContain('Cookies &lt;b&gt;&amp;&lt;/b&gt; &quot;you&quot;');
    expect(html).not.toContain('<b>');
  });
});
