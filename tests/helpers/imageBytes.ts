/**
 * Real image files written byte by byte, so that tests need no image library: a PNG (zlib-deflated
 * scanlines, CRC-checked chunks), a baseline JPEG of grey 8×8 blocks, and a lossless WebP (VP8L)
 * of one colour. Each decodes in a browser (the hub's e2e test shows them).
 */
import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB PNG of one colour; `noise` random bytes appended to each row's pixels make it big. */
export function pngBytes(width: number, height: number, rgb: [number, number, number] = [37, 99, 235]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG of random pixels: it does not compress, so its size follows its pixels. */
export function noisyPngBytes(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = Buffer.alloc(height * (1 + width * 3));
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  for (let y = 0; y < height; y++) pixels[y * (1 + width * 3)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(pixels, { level: 0 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function segment(marker: number, data: number[]): number[] {
  const length = data.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...data];
}

/**
 * A greyscale baseline JPEG, width and height multiples of 8, every pixel mid-grey: each block's DC
 * difference and its AC coefficients are all zero, coded by two one-code Huffman tables.
 */
export function jpegBytes(width: number, height: number): Buffer {
  const blocks = (width / 8) * (height / 8);
  const oneCodeTable = (tableClass: number) => [tableClass << 4, 1, ...new Array(15).fill(0), 0];
  // Each block: DC category 0 ('0'), then EOB ('0'): two bits; the last byte is padded with ones.
  const bits = blocks * 2;
  const scan: number[] = new Array(Math.ceil(bits / 8)).fill(0);
  if (bits % 8 !== 0) scan[scan.length - 1] = 0xff >> (bits % 8);
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xdb, [0, ...new Array(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, oneCodeTable(0)),
    ...segment(0xc4, oneCodeTable(1)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    0xff,
    0xd9,
  ]);
}

/** A lossless WebP of one colour: five one-symbol prefix codes, so every pixel takes no bits. */
export function webpBytes(
  width: number,
  height: number,
  argb: [number, number, number, number] = [255, 220, 38, 38],
): Buffer {
  const out: number[] = [];
  let current = 0;
  let used = 0;
  const put = (value: number, count: number) => {
    for (let i = 0; i < count; i++) {
      current |= ((value >> i) & 1) << used;
      used++;
      if (used === 8) {
        out.push(current);
        current = 0;
        used = 0;
      }
    }
  };
  put(width - 1, 14);
  put(height - 1, 14);
  put(1, 1); // alpha is used
  put(0, 3); // version
  put(0, 1); // no transform
  put(0, 1); // no colour cache
  put(0, 1); // no meta prefix codes
  const [a, r, g, b] = argb;
  const simple = (symbol: number) => {
    put(1, 1); // simple code
    put(0, 1); // one symbol
    put(1, 1); // 8-bit symbol
    put(symbol, 8);
  };
  for (const symbol of [g, r, b, a, 0]) simple(symbol);
  if (used > 0) out.push(current);
  const vp8l = Buffer.from([0x2f, ...out]);
  const chunk = Buffer.concat([
    Buffer.from('VP8L'),
    u32le(vp8l.length),
    vp8l,
    vp8l.length % 2 ? Buffer.of(0) : Buffer.alloc(0),
  ]);
  return Buffer.concat([Buffer.from('RIFF'), u32le(4 + chunk.length), Buffer.from('WEBP'), chunk]);
}

function u32le(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value, 0);
  return buffer;
}

export const SVG_BYTES = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
