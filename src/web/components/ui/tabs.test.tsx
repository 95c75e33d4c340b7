// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

const dom = mountReactRootPerTest();

function Page({ disabled = [] as string[] }) {
  const [tab, setTab] = useState('one');
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList aria-label="Sections">
        {['one', 'two', 'three'].map((key) => (
          <TabsTrigger key={key} value={key} disabled={disabled.includes(key)}>
            Tab {key}
          </TabsTrigger>
        ))}
      </TabsList>
      {['one', 'two', 'three'].map((key) => (
        <TabsContent key={key} value={key}>
          Panel {key}
        </TabsContent>
      ))}
    </Tabs>
  );
}

const tabs = () => [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
const selected = () => tabs().find((t) => t.getAttribute('aria-selected') === 'true')!.textContent;
const press = async (key: string) => {
  await act(async () => {
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
};

describe('Tabs', () => {
  it('links each tab to its panel and renders only the selected panel', () => {
    dom.render(<Page />);
    expect(document.querySelector('[role="tablist"]')!.getAttribute('aria-label')).toBe('Sections');
    const [one, two] = tabs();
    const panels = [...document.querySelectorAll<HTMLElement>('[role="tabpanel"]')];
    expect(one!.getAttribute('aria-controls')).toBe(panels[0]!.id);
    expect(panels[0]!.getAttribute('aria-labelledby')).toBe(one!.id);
    expect(panels[0]!.textContent).toBe('Panel one');
    expect(panels[1]!.hidden).toBe(true);
    expect(panels[1]!.textContent).toBe('');
    // One tab stop: the selected tab.
    expect(one!.tabIndex).toBe(0);
    expect(two!.tabIndex).toBe(-1);
    // The list itself is never a focus stop: with Radix, Tab after a mouse press on the list
    // landed on the list, which has no outline (an invisible stop, WCAG 2.4.7).
    expect(document.querySelector('[role="tablist"]')!.hasAttribute('tabindex')).toBe(false);
    expect(one!.dataset.state).toBe('active');
    expect(two!.dataset.state).toBe('inactive');
  });

  it('moves and selects with the arrow keys, wrapping, and Home/End', async () => {
    dom.render(<Page />);
    act(() => tabs()[0]!.focus());
    await press('ArrowRight');
    expect(selected()).toBe('Tab two');
    expect(document.activeElement).toBe(tabs()[1]);
    await press('End');
    expect(selected()).toBe('Tab three');
    await press('ArrowRight');
    expect(selected()).toBe('Tab one');
    await press('ArrowLeft');
    expect(selected()).toBe('Tab three');
    await press('Home');
    expect(selected()).toBe('Tab one');
    expect(document.querySelector('[role="tabpanel"]:not([hidden])')!.textContent).toBe('Panel one');
  });

  it('skips disabled tabs and selects on a left mouse press only', async () => {
    dom.render(<Page disabled={['two']} />);
    act(() => tabs()[0]!.focus());
    await press('ArrowRight');
    expect(selected()).toBe('Tab three');
    await act(async () => {
      tabs()[0]!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 2 }));
    });
    expect(selected()).toBe('Tab three');
    await act(async () => {
      tabs()[0]!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
    });
    expect(selected()).toBe('Tab one');
    expect(tabs()[1]!.disabled).toBe(true);
  });
});
