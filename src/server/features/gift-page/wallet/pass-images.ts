import sharp from 'sharp';

/** Regalo's mark as the favicon draws it (src/web/public/favicon.svg), on its own orange. */
const REGALO_MARK = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#c2410c"/><path d="M14 28h36v22a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4z" fill="#fff7ed"/><rect x="10" y="20" width="44" height="10" rx="3" fill="#fed7aa"/><rect x="29" y="20" width="6" height="34" fill="#c2410c"/><path d="M32 20c-4-8-14-10-14-3 0 4 8 3 14 3zm0 0c4-8 14-10 14-3 0 4-8 3-14 3z" fill="#fed7aa"/></svg>';

/** The pass's colours: Regalo's orange with its cream and peach (as `rgb()`, which Wallet reads). */
export const PASS_COLOURS = { background: 'rgb(194, 65, 12)', foreground: 'rgb(255, 247, 237)', label: 'rgb(254, 215, 170)' } as const;

const render = (size: number) => sharp(Buffer.from(REGALO_MARK), { density: (72 * size) / 64 }).resize(size, size).png().toBuffer();

let images: Promise<Record<string, Buffer>> | undefined;

/** Wallet's icon (the lock screen, the notification) and logo, at 1x/2x/3x: drawn once per process. */
export function regaloPassImages(): Promise<Record<string, Buffer>> {
  images ??= (async () => {
    const [icon, icon2, icon3, logo, logo2, logo3] = await Promise.all([29, 58, 87, 50, 100, 150].map(render));
    return {
      'icon.png': icon!,
      'icon@2x.png': icon2!,
      'icon@3x.png': icon3!,
      'logo.png': logo!,
      'logo@2x.png': logo2!,
      'logo@3x.png': logo3!,
    };
  })();
  return images;
}

/** A picture for the pass's thumbnail (90×90 points, so 180 and 270 pixels), as PNG. */
export async function thumbnailImages(picture: Buffer): Promise<Record<string, Buffer>> {
  const at = (size: number) => sharp(picture).resize(size, size, { fit: 'cover' }).png().toBuffer();
  const [one, two, three] = await Promise.all([90, 180, 270].map(at));
  return { 'thumbnail.png': one!, 'thumbnail@2x.png': two!, 'thumbnail@3x.png': three! };
}
