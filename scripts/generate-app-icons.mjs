// Draws the business app's home-screen icons (web app manifest) from the brand mark, once:
//   node scripts/generate-app-icons.mjs
// The PNGs are committed in src/web/public/icons; run this again only when the mark changes.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = fileURLToPath(new URL('../src/web/public/icons/', import.meta.url));
mkdirSync(out, { recursive: true });

// The favicon's gift box. `inset` leaves the safe zone a maskable icon needs (the launcher
// may crop to a circle: everything important sits inside the middle 80%).
const mark = (inset) => {
  const scale = (64 - 2 * inset) / 64;
  return `<g transform="translate(${inset} ${inset}) scale(${scale})">
<path d="M14 28h36v22a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4z" fill="#fff7ed"/>
<rect x="10" y="20" width="44" height="10" rx="3" fill="#fed7aa"/>
<rect x="29" y="20" width="6" height="34" fill="#c2410c"/>
<path d="M32 20c-4-8-14-10-14-3 0 4 8 3 14 3zm0 0c4-8 14-10 14-3 0 4-8 3-14 3z" fill="#fed7aa"/></g>`;
};
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#c2410c"/>${mark(0)}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#c2410c"/>${mark(8)}</svg>`;

const icons = [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['icon-maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${out}${name}`);
  console.info(`wrote ${name}`);
}
