/**
 * DropdownMenu — a button that opens a short list of actions (account menu, "more" menu).
 *   <DropdownMenu>
 *     <DropdownMenuTrigger asChild><Button variant="ghost" size="icon" aria-label={t('more')}><MoreHorizontal /></Button></DropdownMenuTrigger>
 *     <DropdownMenuContent>
 *       <DropdownMenuItem onSelect={edit}>{t('edit')}</DropdownMenuItem>
 *     </DropdownMenuContent>
 *   </DropdownMenu>
 * (The language menu is a lighter native control: see components/language-menu.tsx.)
 */
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;

export function DropdownMenuContent({ className, sideOffset = 6, align = 'end', ...props }: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        className={cn('z-50 min-w-44 rounded-xl border border-line bg-white p-1 shadow-lift', className)}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof MenuPrimitive.Item>) {
  return (
    <MenuPrimitive.Item
      className={cn(
        'flex min-h-10 cursor-pointer select-none items-center gap-2 rounded-lg px-3 text-sm outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-brand-700 data-[highlighted]:text-white data-[disabled]:opacity-50 [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn('my-1 h-px bg-line', className)} {...props} />;
}
