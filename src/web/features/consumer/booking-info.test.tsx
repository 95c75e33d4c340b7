// @vitest-environment happy-dom
import { act, Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mountReactRootPerTest } from '@web/testing/react-root';
import { BookingInfo, GiftConditionsList } from './booking-info';

/** The catalogue tells a giver a gift's conditions and how to book, the phone as a tel: link. */
const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'en');
});

async function render(node: React.ReactNode) {
  await act(async () => dom.root.render(<Suspense fallback={<p>…</p>}>{node}</Suspense>));
  await vi.waitFor(() => expect(dom.container.textContent).not.toBe('…'));
}

describe('booking details in the catalogue', () => {
  it('lists the gift\'s conditions in the reader\'s language', async () => {
    await render(<GiftConditionsList gift={{ bookingRequired: true, partySize: 2, validWeekdays: [1, 2, 3, 4], conditions: 'No válido en festivos' }} />);
    const items = [...dom.container.querySelectorAll('[data-testid="gift-conditions"] li')].map((li) => li.textContent);
    expect(items).toEqual(['Booking required', 'Valid Monday to Thursday', 'For 2 people', 'No válido en festivos']);
  });

  it('links the phone to call, WhatsApp and the booking page, and shows the opening hours', async () => {
    await render(
      <BookingInfo booking={{ phone: '+34963123456', whatsapp: '+34612345678', bookingUrl: 'https://reservas.example.es/mesa', openingHours: 'Martes a domingo 13:00–16:00' }} />,
    );
    const links = [...dom.container.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Call +34 963 12 34 56', 'tel:+34963123456'],
      ['WhatsApp', 'https://wa.me/34612345678'],
      ['Book online', 'https://reservas.example.es/mesa'],
    ]);
    expect(dom.container.textContent).toContain('Opening hours: Martes a domingo 13:00–16:00');
  });

  it('shows nothing for a gift without conditions or a business without booking details', async () => {
    await render(
      <>
        <GiftConditionsList gift={{ bookingRequired: false, partySize: null, validWeekdays: null, conditions: null }} />
        <BookingInfo booking={{ phone: null, whatsapp: null, bookingUrl: null, openingHours: null }} />
      </>,
    );
    expect(dom.container.innerHTML).toBe('');
  });
});
