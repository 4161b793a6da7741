import { deflateSync } from 'node:zlib';

/**
 * Pictures and music for the demo's banners and start page, made on the spot (no binary in the
 * repository): PNGs of a vertical gradient between two colours, and a WAV of a short melody. They
 * go through the media service like any upload, so the rules check them and the console previews
 * and the delivery API serve them.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const rgb = (hex: string): [number, number, number] => [Number.parseInt(hex.slice(1, 3), 16), Number.parseInt(hex.slice(3, 5), 16), Number.parseInt(hex.slice(5, 7), 16)];

/** A truecolour PNG of `width` × `height` fading from `top` to `bottom` (`#RRGGBB`). */
export function gradientPng(width: number, height: number, top: string, bottom: string): Buffer {
  const [r0, g0, b0] = rgb(top);
  const [r1, g1, b1] = rgb(bottom);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const f = height > 1 ? y / (height - 1) : 0;
    const row = y * (width * 3 + 1); // filter byte 0 (none), then the pixels
    const pixel = [Math.round(r0 + (r1 - r0) * f), Math.round(g0 + (g1 - g0) * f), Math.round(b0 + (b1 - b0) * f)];
    for (let x = 0; x < width; x += 1) raw.set(pixel, row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, adaptive filtering, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A mono 16-bit WAV at 22.05 kHz of `notes` (frequencies in Hz, 0 a rest), each `noteMs` long,
 * sine tones with a short attack and release so they do not click.
 */
export function melodyWav(notes: readonly number[], noteMs: number): Buffer {
  const rate = 22_050;
  const perNote = Math.round((rate * noteMs) / 1000);
  const data = Buffer.alloc(perNote * notes.length * 2);
  notes.forEach((frequency, index) => {
    for (let i = 0; i < perNote; i += 1) {
      const envelope = Math.min(1, i / 400, (perNote - i) / 1600);
      const sample = frequency > 0 ? Math.sin((2 * Math.PI * frequency * i) / rate) * envelope * 0.35 : 0;
      data.writeInt16LE(Math.round(sample * 32767), (index * perNote + i) * 2);
    }
  });
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // PCM
  fmt.writeUInt16LE(1, 2); // mono
  fmt.writeUInt32LE(rate, 4);
  fmt.writeUInt32LE(rate * 2, 8); // byte rate
  fmt.writeUInt16LE(2, 12); // block align
  fmt.writeUInt16LE(16, 14); // bits
  const riffChunk = (id: string, body: Buffer) => {
    const size = Buffer.alloc(4);
    size.writeUInt32LE(body.length);
    return Buffer.concat([Buffer.from(id, 'latin1'), size, body]);
  };
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), riffChunk('fmt ', fmt), riffChunk('data', data)]);
  return riffChunk('RIFF', body);
}
