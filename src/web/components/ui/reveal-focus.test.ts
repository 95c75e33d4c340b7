// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { revealFocusedOnPage } from './reveal-focus';

// happy-dom has no layout: the boxes are given, on a 390 × 700 screen.
function field(tag: 'textarea' | 'button', box: { top: number; height: number }) {
  const element = document.createElement(tag);
  document.body.append(element);
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue(new DOMRect(16, box.top, 358, box.height));
  element.scrollIntoView = vi.fn();
  return element;
}

describe('revealFocusedOnPage', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    document.body.replaceChildren();
  });
  Object.assign(window, { innerWidth: 390, innerHeight: 700 });

  it('scrolls a focused text area that runs below the fold fully into view', () => {
    stop = revealFocusedOnPage();
    const message = field('textarea', { top: 658, height: 100 });
    message.focus();
    expect(message.scrollIntoView).toHaveBeenCalledWith({ block: 'nearest', inline: 'nearest' });
  });

  it('leaves alone a control already on screen, and one taller than the screen', () => {
    stop = revealFocusedOnPage();
    const shown = field('button', { top: 300, height: 44 });
    shown.focus();
    const tall = field('textarea', { top: -100, height: 900 });
    tall.focus();
    expect(shown.scrollIntoView).not.toHaveBeenCalled();
    expect(tall.scrollIntoView).not.toHaveBeenCalled();
  });
});
