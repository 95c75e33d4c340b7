/**
 * Tabs — switch between panels with the mouse or the arrow keys. On a phone the list wraps
 * onto a second row rather than scrolling sideways: every tab is visible at a glance (a
 * sideways strip hid "My orders" and "Analytics" off-screen at 360 px).
 *   <Tabs value={tab} onValueChange={setTab}>
 *     <TabsList aria-label={t('sections')}>
 *       <TabsTrigger value="profile">{t('tabs.profile')}</TabsTrigger>
 *       <TabsTrigger value="gifts" disabled={!isActive}>{t('tabs.gifts')}</TabsTrigger>
 *     </TabsList>
 *     <TabsContent value="profile">…</TabsContent>
 *   </Tabs>
 *
 * Our own, after Radix Tabs' behaviour (ADR 039): Radix Tabs with its roving-focus and
 * collection packages weighed ≈ 9 KB gzip on every page with tabs, /auth included. Always
 * controlled (`value` + `onValueChange`), horizontal, activation follows focus: the WAI-ARIA
 * tabs pattern with ids linking each tab and its panel, one tab stop (the selected tab),
 * ←/→ moving between enabled tabs (wrapping), Home/End (and PageUp/PageDown) to the first and
 * last, Enter/Space selecting, and only the selected panel rendered. `data-state` and
 * `data-orientation` are set as Radix set them, which the styles use.
 */
import { createContext, use, useId, type ComponentProps, type KeyboardEvent, type MouseEvent } from 'react';
import { cn } from '../../lib/cn';

interface TabsContextValue {
  value: string;
  onValueChange: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(part: string) {
  const context = use(TabsContext);
  if (!context) throw new Error(`<${part}> must be inside <Tabs>`);
  return context;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> {
  value: string;
  onValueChange: (value: string) => void;
}

export function Tabs({ value, onValueChange, className, ...props }: TabsProps) {
  const baseId = useId();
  return (
    <TabsContext value={{ value, onValueChange, baseId }}>
      <div dir="ltr" data-orientation="horizontal" className={cn('flex flex-col gap-4', className)} {...props} />
    </TabsContext>
  );
}

export function TabsList({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn('-mx-1 flex flex-wrap gap-1 rounded-2xl bg-sand-200/70 p-1', className)}
      {...props}
    />
  );
}

/** Which enabled tab a key moves to, as Radix's roving focus does (horizontal, wrapping). */
function targetTab(event: KeyboardEvent<HTMLButtonElement>): HTMLButtonElement | undefined {
  if (event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return undefined;
  const list = event.currentTarget.closest('[role="tablist"]');
  if (!list) return undefined;
  const tabs = [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const index = tabs.indexOf(event.currentTarget);
  switch (event.key) {
    case 'ArrowRight':
      return tabs[(index + 1) % tabs.length];
    case 'ArrowLeft':
      return tabs[(index - 1 + tabs.length) % tabs.length];
    case 'Home':
    case 'PageUp':
      return tabs[0];
    case 'End':
    case 'PageDown':
      return tabs.at(-1);
    default:
      return undefined;
  }
}

interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string;
}

export function TabsTrigger({ value, disabled = false, className, onMouseDown, onKeyDown, onFocus, ...props }: TabsTriggerProps) {
  const context = useTabs('TabsTrigger');
  const isSelected = value === context.value;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(context.baseId, value)}
      aria-selected={isSelected}
      aria-controls={contentId(context.baseId, value)}
      data-state={isSelected ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      data-orientation="horizontal"
      disabled={disabled}
      tabIndex={isSelected ? 0 : -1}
      className={cn(
        'inline-flex min-h-10 grow cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-xl px-4 text-sm font-semibold text-muted transition-colors hover:text-ink disabled:cursor-not-allowed disabled:opacity-50 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-soft [&_svg]:size-4',
        className,
      )}
      onMouseDown={(event: MouseEvent<HTMLButtonElement>) => {
        onMouseDown?.(event);
        if (event.defaultPrevented) return;
        // A left click selects at once (focus follows); other buttons and ctrl-click do not
        // move focus, so a context menu does not switch tabs.
        if (!disabled && event.button === 0 && !event.ctrlKey) {
          event.currentTarget.focus();
          context.onValueChange(value);
        } else {
          event.preventDefault();
        }
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented) return;
        if (event.key === ' ' || event.key === 'Enter') {
          context.onValueChange(value);
          return;
        }
        const target = targetTab(event);
        if (!target) return;
        event.preventDefault();
        // Focusing the tab selects it (onFocus below).
        target.focus();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!isSelected && !disabled) context.onValueChange(value);
      }}
      {...props}
    />
  );
}

interface TabsContentProps extends ComponentProps<'div'> {
  value: string;
}

export function TabsContent({ value, className, children, ...props }: TabsContentProps) {
  const context = useTabs('TabsContent');
  const isSelected = value === context.value;
  return (
    <div
      role="tabpanel"
      id={contentId(context.baseId, value)}
      aria-labelledby={triggerId(context.baseId, value)}
      data-state={isSelected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!isSelected}
      tabIndex={0}
      className={cn('focus-visible:outline-offset-4', className)}
      {...props}
    >
      {isSelected ? children : null}
    </div>
  );
}
