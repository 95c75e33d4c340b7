/**
 * The signed-in areas' header frames as HTML, which the server puts into the page's
 * `<div id="root">` so the header paints before the scripts have run (ADR 047). React's
 * first render replaces it with the same header from `web/components/area-header.tsx`;
 * `area-header.test.tsx` fails when the two differ, so change both together.
 */
export type Area = 'consumer' | 'business' | 'admin';

/** Each area's header bar: its width, and whether the controls may wrap. */
export const areaFrames: Record<Area, string> = {
  consumer: 'mx-auto flex max-w-5xl items-center justify-between gap-2 px-4 py-2.5',
  // Wraps on narrow phones: in one row the controls ran off a 390 px screen (1.4.10).
  business: 'mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-2.5',
  admin: 'mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2.5',
};

// web/components/brand-mark.tsx as React renders it.
const brandMark =
  '<a href="/" class="inline-flex items-center gap-2 rounded-lg font-display text-2xl font-bold tracking-tight text-brand-800">' +
  '<svg aria-hidden="true" viewBox="0 0 32 32" class="size-8">' +
  '<rect x="4" y="11" width="24" height="17" rx="4" class="fill-brand-600"></rect>' +
  '<rect x="2.5" y="8" width="27" height="6" rx="3" class="fill-brand-500"></rect>' +
  '<rect x="14" y="8" width="4" height="20" class="fill-saffron-300"></rect>' +
  '<path d="M16 8c-3-5-9-5-8-1.5C8.8 9 13 8.5 16 8Zm0 0c3-5 9-5 8-1.5C23.2 9 19 8.5 16 8Z" class="fill-saffron-400 stroke-saffron-800" stroke-width="1"></path>' +
  '</svg>Regalo</a>';

const shell = (area: Area) => `<header class="border-b border-line bg-white/80 backdrop-blur"><div class="${areaFrames[area]}">${brandMark}</div></header>`;

export const areaShells: Record<Area, string> = { consumer: shell('consumer'), business: shell('business'), admin: shell('admin') };
