import jsQR from 'jsqr';
import type { Locator } from '@playwright/test';

/** The side of the square the code is drawn on before it is read: fixed, whatever the layout. */
const SIDE = 600;

/**
 * What a QR code image in the page says, read by jsQR, or null when it holds no readable code.
 *
 * The image's own picture (its `src`) is drawn by the browser on a white square of a fixed size and
 * read from there, so the answer does not depend on the size the dialog gave it (issue 18 §4: a
 * width measured mid-layout, 278.3 px against 280 on another machine's fonts). What matters is that a
 * phone reading it gets the link.
 */
export async function readQrCode(image: Locator): Promise<string | null> {
  const src = await image.getAttribute('src');
  if (!src) return null;
  const pixels = await image.page().evaluate(`(async () => {
    const picture = new Image();
    picture.src = ${JSON.stringify(src)};
    await picture.decode();
    const canvas = document.createElement('canvas');
    canvas.width = ${SIDE};
    canvas.height = ${SIDE};
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, ${SIDE}, ${SIDE});
    context.imageSmoothingEnabled = false;
    context.drawImage(picture, 0, 0, ${SIDE}, ${SIDE});
    const data = context.getImageData(0, 0, ${SIDE}, ${SIDE}).data;
    let binary = '';
    for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return btoa(binary);
  })()`);
  const rgba = new Uint8ClampedArray(Buffer.from(pixels as string, 'base64'));
  return jsQR(rgba, SIDE, SIDE)?.data ?? null;
}
