import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { BusinessCategory } from '@shared/domain/business';

/**
 * Demo pictures drawn here rather than downloaded: an SVG of shapes in a palette per
 * category with the initials of the name, rendered to WebP by sharp. Deterministic (the
 * shapes come from a hash of the name), so the same demo data gives the same bytes and the
 * same content-hashed storage keys on every machine.
 */

interface Palette {
  background: string;
  shape: string;
  light: string;
  ink: string;
}

const palettes: Record<BusinessCategory, Palette> = {
  restaurant: { background: '#9a3412', shape: '#f97316', light: '#fed7aa', ink: '#431407' },
  coffee_bakery: { background: '#78350f', shape: '#b45309', light: '#fde68a', ink: '#2b1606' },
  artisan_workshop: { background: '#1e3a8a', shape: '#3b82f6', light: '#dbeafe', ink: '#0b1a45' },
  food_experience: { background: '#166534', shape: '#22c55e', light: '#fef08a', ink: '#052e16' },
  traditional_drinks: { background: '#e7dcc4', shape: '#c9a86a', light: '#fffaf0', ink: '#5b3a12' },
  retail: { background: '#6b21a8', shape: '#a855f7', light: '#f3e8ff', ink: '#2e1065' },
  services: { background: '#0f766e', shape: '#14b8a6', light: '#ccfbf1', ink: '#042f2e' },
  entertainment: { background: '#be123c', shape: '#fb7185', light: '#fde68a', ink: '#4c0519' },
  health: { background: '#3f6212', shape: '#84cc16', light: '#f7fee7', ink: '#1a2e05' },
  other: { background: '#0369a1', shape: '#38bdf8', light: '#fef3c7', ink: '#082f49' },
};

/** A small deterministic random source from a string. */
function randomFrom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    // xorshift32: plenty for picking shapes.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

export function initialsOf(name: string): string {
  const all = name.replace(/[^\p{L}\p{N}\s]/gu, ' ').split(/\s+/).filter(Boolean);
  // Skip short linking words ("de", "La", "i") when there are enough long ones.
  const long = all.filter((w) => w.length > 2);
  const words = long.length >= 2 ? long : all;
  return words.slice(0, 2).map((w) => w.charAt(0).toUpperCase()).join('') || 'R';
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

type Motif = 'circles' | 'stripes' | 'waves' | 'tiles' | 'sun';
const motifs: Motif[] = ['circles', 'stripes', 'waves', 'tiles', 'sun'];

function drawMotif(motif: Motif, w: number, h: number, p: Palette, rnd: () => number): string {
  const out: string[] = [];
  switch (motif) {
    case 'circles':
      for (let i = 0; i < 9; i++) {
        const r = 30 + rnd() * 140;
        out.push(
          `<circle cx="${(rnd() * w).toFixed(0)}" cy="${(rnd() * h).toFixed(0)}" r="${r.toFixed(0)}" fill="${i % 2 ? p.shape : p.light}" opacity="${(0.25 + rnd() * 0.4).toFixed(2)}"/>`,
        );
      }
      break;
    case 'stripes': {
      const step = 40 + Math.floor(rnd() * 40);
      for (let x = -h; x < w; x += step * 2) {
        out.push(`<path d="M${x} ${h} L${x + h} 0 L${x + h + step} 0 L${x + step} ${h} Z" fill="${p.shape}" opacity="0.35"/>`);
      }
      break;
    }
    case 'waves':
      for (let i = 0; i < 6; i++) {
        const y = (h / 6) * i + rnd() * 30;
        const a = 20 + rnd() * 40;
        out.push(
          `<path d="M0 ${y} Q ${w / 4} ${y - a} ${w / 2} ${y} T ${w} ${y}" stroke="${i % 2 ? p.light : p.shape}" stroke-width="${(10 + rnd() * 18).toFixed(0)}" fill="none" opacity="0.5"/>`,
        );
      }
      break;
    case 'tiles': {
      // Azulejo-like tiles: a square with a diamond and a dot.
      const size = 100 + Math.floor(rnd() * 40);
      for (let x = 0; x < w; x += size) {
        for (let y = 0; y < h; y += size) {
          const c = size / 2;
          out.push(
            `<rect x="${x + 4}" y="${y + 4}" width="${size - 8}" height="${size - 8}" rx="8" fill="${p.light}" opacity="0.18"/>`,
            `<path d="M${x + c} ${y + 14} L${x + size - 14} ${y + c} L${x + c} ${y + size - 14} L${x + 14} ${y + c} Z" fill="${p.shape}" opacity="0.45"/>`,
            `<circle cx="${x + c}" cy="${y + c}" r="${size / 10}" fill="${p.light}" opacity="0.7"/>`,
          );
        }
      }
      break;
    }
    case 'sun': {
      const cx = w * (0.2 + rnd() * 0.6);
      const cy = h * (0.2 + rnd() * 0.6);
      for (let i = 0; i < 24; i++) {
        const angle = (i / 24) * Math.PI * 2;
        const x2 = cx + Math.cos(angle) * w;
        const y2 = cy + Math.sin(angle) * w;
        if (i % 2 === 0) {
          out.push(`<line x1="${cx.toFixed(0)}" y1="${cy.toFixed(0)}" x2="${x2.toFixed(0)}" y2="${y2.toFixed(0)}" stroke="${p.shape}" stroke-width="26" opacity="0.3"/>`);
        }
      }
      out.push(`<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${(h / 5).toFixed(0)}" fill="${p.light}" opacity="0.35"/>`);
      break;
    }
  }
  return out.join('');
}

function svgFor(options: { name: string; category: BusinessCategory; width: number; height: number; seed: string }) {
  const { width: w, height: h } = options;
  const p = palettes[options.category];
  const rnd = randomFrom(options.seed);
  const motif = motifs[Math.floor(rnd() * motifs.length)]!;
  const badge = Math.round(h * 0.24);
  const initials = escapeXml(initialsOf(options.name));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<rect width="${w}" height="${h}" fill="${p.background}"/>
${drawMotif(motif, w, h, p, rnd)}
<circle cx="${w / 2}" cy="${h / 2}" r="${badge + 10}" fill="${p.ink}" opacity="0.18"/>
<circle cx="${w / 2}" cy="${h / 2}" r="${badge}" fill="${p.light}"/>
<text x="${w / 2}" y="${h / 2 + badge * 0.3}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${Math.round(badge * 0.85)}" text-anchor="middle" fill="${p.ink}">${initials}</text>
</svg>`;
}

// Same SVG, same bytes: keep renders for the life of the process, so seeding again (tests
// seed once per test) costs no image work.
const rendered = new Map<string, Promise<Buffer>>();
function render(svg: string): Promise<Buffer> {
  let image = rendered.get(svg);
  if (!image) {
    image = sharp(Buffer.from(svg)).webp({ quality: 72, effort: 4 }).toBuffer();
    image.catch(() => rendered.delete(svg));
    rendered.set(svg, image);
  }
  return image;
}

/** A 16:9 header picture for a business (960×540 WebP). */
export function renderBusinessImage(name: string, category: BusinessCategory): Promise<Buffer> {
  return render(svgFor({ name, category, width: 960, height: 540, seed: `business:${name}` }));
}

/** A 4:3 picture for a gift card (800×600 WebP). */
export function renderGiftImage(name: string, category: BusinessCategory, businessName: string): Promise<Buffer> {
  return render(svgFor({ name, category, width: 800, height: 600, seed: `gift:${businessName}:${name}` }));
}


/** A smaller copy (`width` pixels wide), as uploads get for cards and lists. */
export async function renderThumbnail(image: Buffer, width: number): Promise<Buffer> {
  return sharp(image).resize({ width }).webp({ quality: 72, effort: 4 }).toBuffer();
}
