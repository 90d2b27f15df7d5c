import { crc32, deflateSync } from "node:zlib";

// 8-bit RGB, no interlace: Next's optimizer and satori only need a valid PNG, so no image library.

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  Buffer.from(data.buffer, data.byteOffset, data.byteLength).copy(out, 8);
  // The CRC covers the type and the data, not the length.
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** `pixels` is width*height*3 bytes, row-major RGB. */
export function encodePng(width: number, height: number, pixels: Uint8Array): Buffer {
  if (pixels.length !== width * height * 3) throw new Error("pixel buffer size mismatch");
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; then colour type 2 (truecolour RGB); compression, filter and interlace 0
  ihdr[9] = 2;

  // Filter "Sub" on every row: smooth gradients become near-constant deltas and deflate well.
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const rowIn = y * stride;
    const rowOut = y * (stride + 1);
    raw[rowOut] = 1;
    for (let x = 0; x < stride; x++) {
      const left = x >= 3 ? pixels[rowIn + x - 3]! : 0;
      raw[rowOut + 1 + x] = (pixels[rowIn + x]! - left) & 0xff;
    }
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 6 })),
    chunk("IEND", new Uint8Array(0)),
  ]);
}
