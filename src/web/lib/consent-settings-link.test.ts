// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_SETTINGS_HASH, onOpenCookieSettings, openCookieSettings } from './consent';

/* The footer's button and the server-rendered pages' `/#cookie-settings` link open the same settings. */
describe('onOpenCookieSettings', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('hears the footer button', () => {
    const listener = vi.fn();
    const stop = onOpenCookieSettings(listener);
    openCookieSettings();
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    openCookieSettings();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('opens at once for an address ending in #cookie-settings, and on a later jump to it', () => {
    window.history.replaceState(null, '', `/${COOKIE_SETTINGS_HASH}`);
    const listener = vi.fn();
    const stop = onOpenCookieSettings(listener);
    expect(listener).toHaveBeenCalledTimes(1);
    window.history.replaceState(null, '', '/');
    window.location.hash = 'cookie-settings';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });

  it('does nothing for another address', () => {
    window.history.replaceState(null, '', '/#main');
    const listener = vi.fn();
    onOpenCookieSettings(listener)();
    expect(listener).not.toHaveBeenCalled();
  });
});
