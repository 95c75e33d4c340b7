// @vitest-environment happy-dom
import { expect, it, vi } from 'vitest';
import { getText } from './lib/text';

// What the page furniture's catalogues said at the moment the entry asked React to render:
// a text of each, or its key when the catalogue had not loaded yet.
const atRender = vi.hoisted(() => [] as string[][]);
vi.mock('react-dom/client', () => ({
  createRoot: () => ({
    render: () => atRender.push([getText('common')('skipToContent'), getText('cookies')('title')]),
  }),
}));

// The single-page app's entry (ADR 051). Before, the skip link rendered with its catalogue
// still missing; the catalogue arrived during React's sliced first render, and React threw
// that render away and did it again in one blocking task (≈ 450 ms at Lighthouse's 4× CPU
// slowdown).
it('asks React to render only once the page furniture\'s catalogues have loaded', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  await import('./main');
  await expect.poll(() => atRender.length).toBe(1);
  expect(atRender[0]).toEqual(['Skip to content', 'A few cookies, your choice']);
});
