// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage, getLanguage } from './language';
import { loadText, translate, useText, type Catalogue } from './text';

const catalogue: Catalogue = {
  greeting: 'Hello {{name}}',
  spaced: 'Hi {{ name }} and {{name}}',
  nested: { deeper: { leaf: 'Deep' } },
  steps: '{{count}} of {{total}} steps',
  items_one: 'One gift',
  items_other: '{{count}} gifts',
  items_zero: 'No gifts yet',
};

describe('translate', () => {
  it('reads nested keys and fills every placeholder', () => {
    expect(translate(catalogue, 'en', 'nested.deeper.leaf')).toBe('Deep');
    expect(translate(catalogue, 'en', 'greeting', { name: 'Lucía' })).toBe('Hello Lucía');
    expect(translate(catalogue, 'en', 'spaced', { name: 'Pau' })).toBe('Hi Pau and Pau');
    expect(translate(catalogue, 'en', 'steps', { count: 3, total: 6 })).toBe('3 of 6 steps');
  });

  it('writes Valencian "de {{business}}" as d’ before a name starting with a vowel, and only in Valencian', () => {
    const by = { by: 'de {{business}}' };
    expect(translate(by, 'va', 'by', { business: 'Orxateria La Palmera' })).toBe('d’Orxateria La Palmera');
    expect(translate(by, 'va', 'by', { business: 'Forn de Russafa' })).toBe('de Forn de Russafa');
    expect(translate(by, 'es', 'by', { business: 'Orxateria La Palmera' })).toBe('de Orxateria La Palmera');
  });

  it('ends a sentence on a name ending in S.L. with one full stop', () => {
    expect(translate({ ready: 'Invoice ready for {{name}}.' }, 'en', 'ready', { name: 'Orxateria La Palmera S.L.' })).toBe('Invoice ready for Orxateria La Palmera S.L.');
  });

  it('leaves a placeholder without a value as it is, like i18next', () => {
    expect(translate(catalogue, 'en', 'greeting')).toBe('Hello {{name}}');
  });

  it('picks the plural form for the count in the language, with the zero form for 0', () => {
    expect(translate(catalogue, 'en', 'items', { count: 1 })).toBe('One gift');
    expect(translate(catalogue, 'es', 'items', { count: 4 })).toBe('4 gifts');
    expect(translate(catalogue, 'en', 'items', { count: 0 })).toBe('No gifts yet');
  });

  it('falls back to the default value, then to the key itself', () => {
    expect(translate(catalogue, 'en', 'missing.key', 'Fallback text')).toBe('Fallback text');
    expect(translate(catalogue, 'en', 'missing.key', { defaultValue: 'Hi {{name}}', name: 'Ana' })).toBe('Hi Ana');
    expect(translate(catalogue, 'en', 'missing.key')).toBe('missing.key');
    expect(translate(undefined, 'en', 'greeting', 'Not loaded yet')).toBe('Not loaded yet');
    // A key that names a group of texts is not a text.
    expect(translate(catalogue, 'en', 'nested')).toBe('nested');
  });
});

/** Waits for an assertion, letting React finish the work a loaded catalogue scheduled. */
const eventually = (assertion: () => void) =>
  vi.waitFor(async () => {
    await act(async () => {});
    assertion();
  });

describe('useText', () => {
  const dom = mountReactRootPerTest();
  let fallbacks = 0;
  function Fallback() {
    fallbacks += 1;
    return <span>loading</span>;
  }
  function Tagline() {
    const { t, language } = useText('common');
    return (
      <p lang={language}>
        {t('skipToContent')} · {t('footer.tagline')}
      </p>
    );
  }
  function NeverBlank() {
    const { t, ready } = useText('cookies', { suspend: false });
    return <p data-ready={ready}>{t('title', 'Cookies')}</p>;
  }

  it('suspends until the catalogue has loaded, then shows its texts', async () => {
    expect(getLanguage()).toBe('en');
    // Rendering that suspends needs the awaited form of act.
    await act(async () =>
      dom.root.render(
        <Suspense fallback={<Fallback />}>
          <Tagline />
        </Suspense>,
      ),
    );
    expect(dom.container.textContent).toBe('loading');
    // The same catalogue request the component waits on, finished inside act.
    await act(() => loadText('en', ['common']));
    expect(dom.container.textContent).toBe("Skip to content · Gifts from Valencia's verified local businesses, redeemed with a QR code.");
    expect(dom.container.querySelector('p')?.lang).toBe('en');
  });

  it('without suspense shows the default until the texts arrive', async () => {
    dom.render(<NeverBlank />);
    const paragraph = () => dom.container.querySelector('p')!;
    expect(paragraph().dataset.ready).toBe('false');
    expect(paragraph().textContent).toBe('Cookies');
    await eventually(() => expect(paragraph().dataset.ready).toBe('true'));
  });

  it('switches language in one go: the new texts load first, so nothing falls back to loading', async () => {
    // English is loaded by now (first test), so this renders at once.
    dom.render(
      <Suspense fallback={<Fallback />}>
        <Tagline />
      </Suspense>,
    );
    expect(dom.container.textContent).toContain('Skip to content');
    const fallbacksBefore = fallbacks;
    await act(() => changeLanguage('es'));
    expect(dom.container.textContent).toBe('Saltar al contenido · Regalos de comercios locales verificados de Valencia, que se canjean con un código QR.');
    expect(dom.container.querySelector('p')?.lang).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('i18nextLng')).toBe('es');
    expect(fallbacks).toBe(fallbacksBefore);
  });
});
