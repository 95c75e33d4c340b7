import { act, Suspense } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';

/**
 * For the consumer area's component tests: the page at `address` (such as
 * `/app?tab=orders`), loaded on demand as the router loads it, in a Suspense boundary.
 */
export async function renderConsumerPage(root: Root, address: string) {
  const { default: ConsumerPage } = await import('./consumer-page');
  await act(async () => {
    root.render(
      <Suspense fallback={<p>suspended</p>}>
        <MemoryRouter initialEntries={[address]}>
          <Routes>
            <Route path="/app" element={<ConsumerPage />} />
          </Routes>
        </MemoryRouter>
      </Suspense>,
    );
  });
}
