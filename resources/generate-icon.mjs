// Draws the app icon (resources/icon.png, 512×512 RGBA) from the same shapes as icon.svg: a white
// painter's palette with four paint dots on an indigo rounded square. Plain Node only (zlib for the
// PNG stream), so it runs on a build machine without image tools: `node resources/generate-icon.mjs`.
// electron-builder derives the macOS .icns and Windows .ico from this PNG.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const SAMPLES = 4; // 4×4 supersampling for smooth edges

const background = [79, 70, 229]; // indigo
const paper = [255, 255, 255];
const dots = [
  { x: 190, y: 178, r: 34, color: [239, 68, 68] },
  { x: 272, y: 146, r: 34, color: [245, 158, 11] },
  { x: 350, y: 196, r: 34, color: [16, 185, 129] },
  { x: 170, y: 270, r: 34, color: [59, 130, 246] },
];

const inCircle = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

function inRoundedSquare(x, y) {
  const margin = 24;
  const radius = 104;
  const lo = margin + radius;
  const hi = SIZE - margin - radius;
  const cx = Math.min(Math.max(x, lo), hi);
  const cy = Math.min(Math.max(y, lo), hi);
  return x >= margin && x <= SIZE - margin && y >= margin && y <= SIZE - margin && inCircle(x, y, cx, cy, radius);
}

/** The colour at one sample point, or null for transparent. */
function sample(x, y) {
  if (!inRoundedSquare(x, y)) return null;
  for (const dot of dots) if (inCircle(x, y, dot.x, dot.y, dot.r)) return dot.color;
  const onPalette = inCircle(x, y, 256, 262, 178) && !inCircle(x, y, 300, 342, 34) && !inCircle(x, y, 446, 372, 84);
  return onPalette ? paper : background;
}

const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE);
for (let y = 0; y < SIZE; y++) {
  const row = y * (SIZE * 4 + 1);
  raw[row] = 0; // filter: none
  for (let x = 0; x < SIZE; x++) {
    let r = 0;
    let g = 0;
    let b = 0;
    let a = 0;
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const color = sample(x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES);
        if (!color) continue;
        r += color[0];
        g += color[1];
        b += color[2];
        a += 1;
      }
    }
    const offset = row + 1 + x * 4;
    if (a > 0) {
      raw[offset] = Math.round(r / a);
      raw[offset + 1] = Math.round(g / a);
      raw[offset + 2] = Math.round(b / a);
    }
    raw[offset + 3] = Math.round((255 * a) / (SAMPLES * SAMPLES));
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = join(dirname(fileURLToPath(import.meta.url)), 'icon.png');
writeFileSync(out, png);
console.log(`Wrote ${out} (${png.length} bytes)`);
