import type { ReactNode } from 'react';
import { areaFrames, type Area } from '@shared/area-shells';
import { BrandMark } from './brand-mark';

/**
 * The header of a signed-in area: the brand mark, then the area's controls. Without
 * controls it is the frame the server paints before the scripts have run (`@shared/area-shells`,
 * ADR 047) and the loading screens keep, so the header stays put from the first paint on.
 */
export function AreaHeader({ area, children }: { area: Area; children?: ReactNode }) {
  return (
    <header className="border-b border-line bg-white/80 backdrop-blur">
      <div className={areaFrames[area]}>
        <BrandMark />
        {children}
      </div>
    </header>
  );
}

/** The signed-in area an address belongs to, if any. */
export function areaOfPath(pathname: string): Area | null {
  if (pathname === '/app' || pathname.startsWith('/app/')) return 'consumer';
  if (pathname === '/business/dashboard' || pathname.startsWith('/business/dashboard/')) return 'business';
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin';
  return null;
}

/**
 * What a signed-in area shows while its session, code or texts load: its header frame, as
 * the server painted it before the scripts ran, and a spinner below. Inert: its brand link
 * is replaced by the page's own in a moment, and focus on it would be lost with it (the
 * skip link, which stays, is the first stop for Tab meanwhile).
 */
export function AreaLoading({ area }: { area: Area }) {
  return (
    <div className="min-h-dvh" aria-busy="true" inert>
      <AreaHeader area={area} />
      <div className="flex justify-center py-24">
        <span aria-hidden="true" className="size-8 animate-spin rounded-full border-3 border-brand-200 border-t-brand-600" />
      </div>
    </div>
  );
}
