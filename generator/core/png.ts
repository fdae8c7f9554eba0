// The size of a PNG image, read from its header: an MCP Bundle lists each icon's size ("16x16"), and takes PNG only.
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height of a PNG file's bytes; undefined when they are not a PNG (the signature, then an IHDR chunk). */
export function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(SIGNATURE)) return undefined;
  // The first chunk is IHDR, 13 bytes long: its data starts with the width and height, big-endian.
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  return width > 0 && height > 0 ? { width, height } : undefined;
}
