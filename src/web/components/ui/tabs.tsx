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
 */
import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root className={cn('flex flex-col gap-4', className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('-mx-1 flex flex-wrap gap-1 rounded-2xl bg-sand-200/70 p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex min-h-10 grow cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-xl px-4 text-sm font-semibold text-muted transition-colors hover:text-ink disabled:cursor-not-allowed disabled:opacity-50 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-soft [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('focus-visible:outline-offset-4', className)} {...props} />;
}
