/**
 * Whether a request's Accept header ranks JSON above HTML: the quality of the most specific
 * range matching `application/json` (or `application/problem+json`) against that of the one
 * matching `text/html` (RFC 9110 §12.5.1); at equal quality, the type named more exactly
 * wins (`application/json, *\/*` asks for JSON). No header, or `*\/*` alone, prefers neither.
 */
export function prefersJson(accept: string | undefined): boolean {
  const ranges = parseAccept(accept ?? '');
  if (ranges.length === 0) return false;
  const [json, problemJson, html] = [match(ranges, 'application', 'json'), match(ranges, 'application', 'problem+json'), match(ranges, 'text', 'html')];
  const best = json.q > problemJson.q || (json.q === problemJson.q && json.specificity >= problemJson.specificity) ? json : problemJson;
  if (best.q === 0) return false;
  return best.q > html.q || (best.q === html.q && best.specificity > html.specificity);
}

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

function parseAccept(accept: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const part of accept.split(',')) {
    const [media = '', ...params] = part.split(';');
    const [type, subtype] = media.trim().toLowerCase().split('/');
    if (!type || !subtype) continue;
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    ranges.push({ type, subtype, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0 });
  }
  return ranges;
}

/** The most specific range matching `type/subtype`: its quality, and how exactly it names it (-1, q 0: none). */
function match(ranges: MediaRange[], type: string, subtype: string): { specificity: number; q: number } {
  let best = { specificity: -1, q: 0 };
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype ? 2 : range.type === type && range.subtype === '*' ? 1 : range.type === '*' && range.subtype === '*' ? 0 : -1;
    if (specificity > best.specificity) best = { specificity, q: range.q };
  }
  return best;
}
