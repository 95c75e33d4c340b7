/**
 * BrandMark — the Regalo logo (an orange-blossom gift knot) with the word mark, linking home.
 * A plain link: the server renders the landing page (ADR 098).
 *   <BrandMark />   <BrandMark tone="dark" />
 */
export function BrandMark({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  return (
    <a
      href="/"
      className={`inline-flex items-center gap-2 rounded-lg font-display text-2xl font-bold tracking-tight ${tone === 'dark' ? 'text-white' : 'text-brand-800'}`}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect x="4" y="11" width="24" height="17" rx="4" className="fill-brand-600" />
        <rect x="2.5" y="8" width="27" height="6" rx="3" className="fill-brand-500" />
        <rect x="14" y="8" width="4" height="20" className="fill-saffron-300" />
        <path d="M16 8c-3-5-9-5-8-1.5C8.8 9 13 8.5 16 8Zm0 0c3-5 9-5 8-1.5C23.2 9 19 8.5 16 8Z" className="fill-saffron-400 stroke-saffron-800" strokeWidth="1" />
      </svg>
      Regalo
    </a>
  );
}
