/** Video containers by their first bytes: what the file really is, whatever its name says. */
export function sniffVideo(head: Uint8Array): boolean | undefined {
  if (head.length < 12) return undefined;
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (ascii(4, 8) === 'ftyp' || ascii(4, 8) === 'moov' || ascii(4, 8) === 'mdat' || ascii(4, 8) === 'wide' || ascii(4, 8) === 'free') return true; // MP4, MOV, 3GP
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return true; // Matroska, WebM
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ') return true;
  if (ascii(0, 3) === 'FLV') return true;
  if (ascii(0, 4) === 'OggS') return true;
  if (head[0] === 0x47 && (head.length < 189 || head[188] === 0x47)) return true; // MPEG-TS sync bytes
  if (head[0] === 0 && head[1] === 0 && head[2] === 1 && (head[3] === 0xba || head[3] === 0xb3)) return true; // MPEG-PS
  return false;
}

/** Images by their first bytes: PNG, JPEG, GIF or WebP, and nothing else. */
export function sniffImage(head: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 8 && head[0] === 0x89 && ascii(1, 4) === 'PNG' && head[4] === 0x0d && head[5] === 0x0a) return true;
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true;
  if (head.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return true;
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return true;
  return false;
}
