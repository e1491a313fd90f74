import sharp from 'sharp';

/** The artwork printed on a generated t-shirt; drawn from shapes only, so no font is needed on the machine. */
export type TeePrint =
  | 'plain'
  | 'pocket'
  | 'sunset'
  | 'mountains'
  | 'bolt'
  | 'star'
  | 'stripes'
  | 'ringer'
  | 'target'
  | 'checkers'
  | 'heart'
  | 'jersey'
  | 'court'
  | 'net';

export interface TeeDesign {
  /** Fabric colour, `#rrggbb`. */
  color: string;
  /** Colour of the print and trims, `#rrggbb`. */
  ink: string;
  print: TeePrint;
}

export type TeePhotoFormat = 'jpeg' | 'png' | 'webp' | 'gif';

const SHIRT =
  'M292 112 Q400 176 508 112 L642 168 Q690 236 724 328 L628 372 L600 306 L600 716 Q400 736 200 716 L200 306 L172 372 L76 328 Q110 236 158 168 Z';

const PRINTS: Record<TeePrint, (ink: string, color: string) => string> = {
  plain: () => '',
  pocket: (ink) => `<rect x="470" y="250" width="80" height="90" rx="6" fill="none" stroke="${ink}" stroke-width="5"/>`,
  sunset: (ink, color) =>
    `<circle cx="400" cy="400" r="110" fill="${ink}"/>` +
    [0, 1, 2, 3].map((i) => `<rect x="270" y="${420 + i * 24}" width="260" height="${8 + i * 2}" fill="${color}"/>`).join(''),
  mountains: (ink) =>
    `<path d="M270 500 L360 330 L410 420 L460 350 L540 500 Z" fill="${ink}"/><circle cx="480" cy="300" r="24" fill="${ink}"/>`,
  bolt: (ink) => `<path d="M430 270 L340 420 L395 420 L360 540 L470 380 L410 380 L450 270 Z" fill="${ink}"/>`,
  star: (ink) => `<path d="${starPath(400, 410, 120, 50)}" fill="${ink}"/>`,
  stripes: (ink) =>
    Array.from({ length: 12 }, (_, i) => `<rect x="60" y="${190 + i * 46}" width="680" height="20" fill="${ink}"/>`).join(''),
  ringer: (ink) =>
    `<path d="M292 112 Q400 176 508 112" fill="none" stroke="${ink}" stroke-width="22"/>` +
    `<path d="M76 328 L172 372" stroke="${ink}" stroke-width="22"/><path d="M724 328 L628 372" stroke="${ink}" stroke-width="22"/>`,
  target: (ink, color) => [120, 90, 60, 30].map((r, i) => `<circle cx="400" cy="410" r="${r}" fill="${i % 2 ? color : ink}"/>`).join(''),
  checkers: (ink) =>
    Array.from({ length: 36 }, (_, i) =>
      (i + Math.floor(i / 6)) % 2
        ? ''
        : `<rect x="${280 + (i % 6) * 40}" y="${300 + Math.floor(i / 6) * 40}" width="40" height="40" fill="${ink}"/>`,
    ).join(''),
  heart: (ink) =>
    `<path d="M400 520 C250 420 290 300 370 320 Q400 330 400 360 Q400 330 430 320 C510 300 550 420 400 520 Z" fill="${ink}"/>`,
  jersey: (ink) =>
    `<path d="M330 250 L400 330 L470 250 L470 290 L400 370 L330 290 Z" fill="${ink}"/><rect x="372" y="420" width="56" height="130" fill="${ink}"/>`,
  court: (ink) =>
    `<circle cx="400" cy="410" r="110" fill="none" stroke="${ink}" stroke-width="8"/>` +
    `<path d="M290 410 L510 410 M400 300 L400 520 M322 332 Q400 410 322 488 M478 332 Q400 410 478 488" fill="none" stroke="${ink}" stroke-width="8"/>`,
  net: (ink) =>
    Array.from(
      { length: 7 },
      (_, i) =>
        `<path d="M${290 + i * 36} 300 L${290 + i * 36} 516 M290 ${300 + i * 36} L506 ${300 + i * 36}" stroke="${ink}" stroke-width="5"/>`,
    ).join(''),
};

function starPath(cx: number, cy: number, outer: number, inner: number): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 ? inner : outer;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)} ${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `M${points.join(' L')} Z`;
}

/** The SVG of a t-shirt on a studio backdrop, `size` pixels square. */
export function teeSvg(design: TeeDesign, size = 800): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">
  <defs>
    <linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6f3ee"/><stop offset="1" stop-color="#ddd7cd"/></linearGradient>
    <linearGradient id="fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.12"/><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.14"/></linearGradient>
    <clipPath id="shirt"><path d="${SHIRT}"/></clipPath>
  </defs>
  <rect width="800" height="800" fill="url(#backdrop)"/>
  <ellipse cx="400" cy="738" rx="240" ry="20" fill="#000" opacity="0.1"/>
  <path d="${SHIRT}" fill="${design.color}"/>
  <g clip-path="url(#shirt)">${PRINTS[design.print](design.ink, design.color)}<rect width="800" height="800" fill="url(#fold)"/></g>
  <path d="${SHIRT}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="4"/>
  <path d="M292 112 Q400 190 508 112" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="6"/>
</svg>`;
}

/** A product photo of a generated t-shirt, rendered without any network or asset file. */
export async function renderTeePhoto(design: TeeDesign, options: { format?: TeePhotoFormat; size?: number } = {}): Promise<Buffer> {
  const image = sharp(Buffer.from(teeSvg(design, options.size ?? 800)));
  switch (options.format ?? 'jpeg') {
    case 'jpeg':
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'webp':
      return image.webp({ quality: 85 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
  }
}
