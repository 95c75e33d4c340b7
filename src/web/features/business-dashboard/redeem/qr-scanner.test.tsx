// @vitest-environment happy-dom
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QrScanner } from './qr-scanner';

const dom = mountReactRootPerTest();

beforeEach(() => localStorage.setItem('i18nextLng', 'en'));
afterEach(() => vi.unstubAllGlobals());

function stubCamera(getUserMedia: (() => Promise<MediaStream>) | undefined) {
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: getUserMedia ? { getUserMedia } : undefined });
}

async function render(onStop = vi.fn()) {
  await act(async () => {
    dom.root.render(
      <Suspense fallback={<p>loading</p>}>
        <QrScanner onCode={() => true} onStop={onStop} onUnavailable={() => undefined} />
      </Suspense>,
    );
  });
  return onStop;
}

const alertText = () => dom.container.querySelector('[role="alert"]')?.textContent ?? '';

describe('QrScanner', () => {
  it('says the camera was not allowed, and the stop button (focused) goes back', async () => {
    stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const onStop = await render();
    await vi.waitFor(() => expect(alertText()).toContain('The camera was not allowed'));
    const stop = [...dom.container.querySelectorAll('button')].find((b) => b.textContent === 'Stop camera')!;
    expect(document.activeElement).toBe(stop);
    await act(async () => stop.click());
    expect(onStop).toHaveBeenCalled();
  });

  it('says there is no camera when the browser offers none', async () => {
    stubCamera(undefined);
    await render();
    await vi.waitFor(() => expect(alertText()).toContain('This device has no camera'));
  });

  it('says there is no camera when none is found', async () => {
    stubCamera(() => Promise.reject(new DOMException('none', 'NotFoundError')));
    await render();
    await vi.waitFor(() => expect(alertText()).toContain('This device has no camera'));
  });
});
