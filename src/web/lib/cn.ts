import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names and lets a later Tailwind class win over an earlier one of the same kind
 * (`cn('px-4', 'px-2')` → `px-2`, `cn('px-4', 'p-2')` → `p-2`), so callers can override a
 * component's defaults. It does what tailwind-merge does for the kinds of classes this app
 * uses, in ~1.5 KB instead of tailwind-merge's 8.6 KB on every page's first load (ADR 044):
 * `cn.test.ts` merges every pair of classes found in src/web with both and requires the same
 * answer, so a class of a kind this table does not know yet fails there, not in a page.
 */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs));
}

/**
 * Kinds of classes, first match wins, on the class without its variants and `!`; a leading
 * `-` (negative value) is dropped first. The names follow tailwind-merge's class groups.
 */
const kinds: [RegExp, string][] = [
  [/^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents|flow-root|list-item|table|hidden)$/, 'display'],
  [/^(static|fixed|absolute|relative|sticky)$/, 'position'],
  [/^(visible|invisible|collapse)$/, 'visibility'],
  [/^(sr-only|not-sr-only)$/, 'sr'],
  [/^(italic|not-italic)$/, 'font-style'],
  [/^(underline|overline|line-through|no-underline)$/, 'text-decoration'],
  [/^(uppercase|lowercase|capitalize|normal-case)$/, 'text-transform'],
  [/^(truncate|text-ellipsis|text-clip)$/, 'text-overflow'],
  [/^(proportional-nums|tabular-nums)$/, 'fvn-spacing'],
  [/^(grow|shrink)(-|$)/, '$1'],
  [/^\[([a-z-]+):.+\]$/, 'arbitrary..$1'],
  // Sizes and spacing take numbers, fractions, arbitrary values and a few words, so an id such
  // as `my-orders` or `top-bar` is not taken for a margin or a position.
  [
    /^(p|px|py|pt|pr|pb|pl|ps|pe|m|mx|my|mt|mr|mb|ml|ms|me|gap-x|gap-y|gap|size|min-w|min-h|max-w|max-h|w|h|inset-x|inset-y|inset|top|right|bottom|left)-(\d+(\.\d+)?(\/\d+)?|\[.+\]|\(.+\)|px|auto|full|screen|dvh|svh|lvh|dvw|min|max|fit|none|prose|\d?x?(xs|sm|md|lg|xl))$/,
    '$1',
  ],
  [/^(z|opacity|duration|ease|delay|tracking|leading|grid-cols|col-span|aspect|self|items|justify|place-items|cursor|select|pointer-events|appearance|whitespace|animate|accent|fill|scroll-mt|scroll-py|underline-offset|outline-offset|line-clamp|rotate|translate-x|translate-y|from|via|to|list)-/, '$1'],
  [/^order-(\d+|first|last|none|\[.+\])$/, 'order'],
  [/^align-(baseline|top|middle|bottom|text-top|text-bottom|sub|super)$/, 'vertical-align'],
  [/^flex-(row|col|row-reverse|col-reverse)$/, 'flex-direction'],
  [/^flex-(wrap|wrap-reverse|nowrap)$/, 'flex-wrap'],
  [/^flex-(\d+(\/\d+)?|auto|initial|none|\[.+\])$/, 'flex'],
  [/^overflow-(x|y)-(auto|hidden|clip|visible|scroll)$/, 'overflow-$1'],
  [/^overflow-(auto|hidden|clip|visible|scroll)$/, 'overflow'],
  [/^overscroll-(x|y)-(auto|contain|none)$/, 'overscroll-$1'],
  [/^overscroll-(auto|contain|none)$/, 'overscroll'],
  [/^break-(normal|words|all|keep)$/, 'break'],
  [/^object-(contain|cover|fill|none|scale-down)$/, 'object-fit'],
  [/^rounded(-(none|xs|sm|md|lg|xl|\dxl|full|\[.+\]))?$/, 'rounded'],
  [/^rounded-(t|r|b|l|s|e|tl|tr|br|bl)-/, 'rounded-$1'],
  [/^border(-\d+|-\[\d[^\]]*\])?$/, 'border-w'],
  [/^border-(x|y|t|r|b|l|s|e)(-\d+)?$/, 'border-w-$1'],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, 'border-style'],
  // Table layout, not a border: it must not swallow (or be swallowed by) a border colour.
  [/^border-(collapse|separate)$/, 'border-collapse'],
  [/^border-(x|y|t|r|b|l|s|e)-/, 'border-color-$1'],
  [/^border-/, 'border-color'],
  [/^divide-(x|y)(-\d+)?$/, 'divide-$1'],
  [/^divide-/, 'divide-color'],
  [/^outline(-\d+)?$/, 'outline-w'],
  [/^outline-(none|hidden|solid|dashed|dotted|double)$/, 'outline-style'],
  [/^outline-/, 'outline-color'],
  [/^ring(-\d+)?$/, 'ring-w'],
  [/^ring-/, 'ring-color'],
  [/^shadow(-(none|\dxs|xs|sm|md|lg|xl|\dxl))?$/, 'shadow'],
  [/^shadow-/, 'shadow-color'],
  [/^drop-shadow(-|$)/, 'drop-shadow'],
  [/^backdrop-blur(-|$)/, 'backdrop-blur'],
  [/^transition(-|$)/, 'transition'],
  [/^text-(left|center|right|justify|start|end)$/, 'text-alignment'],
  [/^text-(xs|sm|base|lg|\d?xl|\[\d[\d.]*(rem|px|em)\])$/, 'font-size'],
  [/^text-/, 'text-color'],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, 'font-weight'],
  [/^font-/, 'font-family'],
  [/^bg-/, 'bg-color'],
  [/^stroke-/, 'stroke'],
];

/** A class of the key's kind removes earlier classes of these kinds too (same variants). */
const sides = (prefix: string, list: string) => list.split(' ').map((side) => `${prefix}${side}`);
const conflicts: Record<string, string[]> = {
  p: sides('p', 'x y s e t r b l'),
  px: ['pr', 'pl', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: sides('m', 'x y s e t r b l'),
  mx: ['mr', 'ml', 'ms', 'me'],
  my: ['mt', 'mb'],
  gap: ['gap-x', 'gap-y'],
  size: ['w', 'h'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  overflow: ['overflow-x', 'overflow-y'],
  overscroll: ['overscroll-x', 'overscroll-y'],
  'line-clamp': ['display', 'overflow'],
  rounded: sides('rounded-', 's e t r b l ss se ee es tl tr br bl'),
  'border-w': sides('border-w-', 'x y s e t r b l'),
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': sides('border-color-', 'x y s e t r b l'),
  'border-color-x': ['border-color-r', 'border-color-l'],
  'border-color-y': ['border-color-t', 'border-color-b'],
  'font-size': ['leading'],
};

/** Variants whose order changes what they select: they stay where they are. */
const orderSensitive = new Set(['*', '**', 'after', 'backdrop', 'before', 'details-content', 'file', 'first-letter', 'first-line', 'marker', 'placeholder', 'selection']);

/** Splits `md:hover:px-2` into its variants and the class, ignoring `:` inside `[...]`/`(...)`. */
function parse(className: string) {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  let postfix = false;
  for (let index = 0; index < className.length; index++) {
    const character = className[index];
    if (character === '[' || character === '(') depth++;
    else if (character === ']' || character === ')') depth--;
    else if (depth === 0 && character === ':') {
      variants.push(className.slice(start, index));
      start = index + 1;
      postfix = false;
    } else if (depth === 0 && character === '/') postfix = true;
  }
  let base = className.slice(start);
  const important = base.endsWith('!') || base.startsWith('!');
  if (important) base = base.endsWith('!') ? base.slice(0, -1) : base.slice(1);
  return { variants, base, important, postfix };
}

function sortVariants(variants: string[]) {
  const sorted: string[] = [];
  let segment: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith('[') || orderSensitive.has(variant)) {
      sorted.push(...segment.sort(), variant);
      segment = [];
    } else segment.push(variant);
  }
  return [...sorted, ...segment.sort()];
}

function kindOf(base: string, postfix: boolean): string | null {
  const unsigned = base.startsWith('-') ? base.slice(1) : base;
  // `bg-white/90`, `text-lg/7`, `left-1/2`: the kind is the one of the class before the `/`.
  const candidates = postfix ? [unsigned.slice(0, unsigned.lastIndexOf('/')), unsigned] : [unsigned];
  for (const candidate of candidates) {
    for (const [pattern, kind] of kinds) {
      const match = pattern.exec(candidate);
      if (match) return kind.replace(/\$(\d)/g, (_, group: string) => match[Number(group)] ?? '');
    }
  }
  return null;
}

/** tailwind-merge's algorithm: from the last class back, drop a class whose kind is taken. */
export function mergeClasses(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.trim().split(/\s+/);
  for (let index = classes.length - 1; index >= 0; index--) {
    const className = classes[index]!;
    if (!className) continue;
    const { variants, base, important, postfix } = parse(className);
    const kind = kindOf(base, postfix);
    if (kind) {
      const prefix = sortVariants(variants).join(':') + (important ? '!' : '');
      if (taken.has(prefix + kind)) continue;
      taken.add(prefix + kind);
      for (const other of conflicts[kind] ?? []) taken.add(prefix + other);
    }
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
