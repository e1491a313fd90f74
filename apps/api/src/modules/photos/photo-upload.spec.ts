import sharp from 'sharp';
import { ServiceUnavailableError } from '../../common/errors.js';
import { ENCODING_QUEUE_MAX, encodingLoad, preparePhoto } from './photo-upload.js';

/** A real JPEG of noise (it compresses badly, as a camera's does): small, so a busy machine still encodes it quickly. */
function noiseJpeg(seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(320 * 240 * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761 + seed * 40503) >>> 24;
  return sharp(pixels, { raw: { width: 320, height: 240, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

describe('preparePhoto: one encode at a time per process', () => {
  it('encodes uploads one after another, never two at once, and every one completes', async () => {
    const jpegs = await Promise.all([1, 2, 3].map(noiseJpeg));
    const seen: Array<{ active: number; waiting: number }> = [];
    const timer = setInterval(() => seen.push(encodingLoad()), 1);
    const prepared = await Promise.all(jpegs.map((jpeg) => preparePhoto(jpeg)));
    clearInterval(timer);

    expect(prepared.map((photo) => photo.contentType)).toEqual(['image/jpeg', 'image/jpeg', 'image/jpeg']);
    expect(new Set(prepared.map((photo) => photo.etag)).size).toBe(3);
    expect(Math.max(...seen.map((load) => load.active))).toBe(1);
    expect(Math.max(...seen.map((load) => load.waiting))).toBeGreaterThan(0);
    expect(encodingLoad()).toEqual({ active: 0, waiting: 0 });
  });

  it(`refuses with a 503 and Retry-After once ${ENCODING_QUEUE_MAX} uploads wait, and the queue still drains`, async () => {
    const jpeg = await noiseJpeg(7);
    // One running and ENCODING_QUEUE_MAX waiting fill the queue; the next is refused without being decoded.
    const accepted = Array.from({ length: ENCODING_QUEUE_MAX + 1 }, () => preparePhoto(jpeg));
    const refused = preparePhoto(jpeg);
    await expect(refused).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(refused).rejects.toMatchObject({
      retryAfterSeconds: 5,
      message: 'Too many photos are being processed; please try again in a moment',
    });
    const results = await Promise.all(accepted);
    expect(results).toHaveLength(ENCODING_QUEUE_MAX + 1);
    expect(encodingLoad()).toEqual({ active: 0, waiting: 0 });
    // Room again: the next upload is encoded.
    await expect(preparePhoto(jpeg)).resolves.toMatchObject({ contentType: 'image/jpeg' });
  });

  it('refuses a file that is not an image before it takes a place in the queue', async () => {
    await expect(preparePhoto(Buffer.from('not an image at all'))).rejects.toMatchObject({ status: 415 });
    expect(encodingLoad()).toEqual({ active: 0, waiting: 0 });
  });
});
