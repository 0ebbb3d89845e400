// The tus protocol by hand, as a browser's tus client speaks it, for tests and benchmarks that
// upload a video's file to a running server.

const TUS = { 'Tus-Resumable': '1.0.0' };

/** Creates an upload of `size` bytes for the video `videoId`; the answer carries its `location`. */
export function tusCreate(base: string, cookie: string, videoId: string, size: number): Promise<Response> {
  return fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { ...TUS, 'Upload-Length': String(size), 'Upload-Metadata': `videoId ${Buffer.from(videoId).toString('base64')}`, cookie },
  });
}

/** Sends `bytes` at `offset` of the upload at `location` (relative to `base` or absolute). */
export function tusPatch(base: string, cookie: string, location: string, bytes: Uint8Array, offset = 0): Promise<Response> {
  return fetch(new URL(location, base), {
    method: 'PATCH',
    headers: { ...TUS, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', cookie },
    body: new Uint8Array(bytes),
  });
}

/** The whole file in one go: creates the upload and sends every byte. The last answer (204 when complete). */
export async function tusUploadWhole(base: string, cookie: string, videoId: string, bytes: Uint8Array): Promise<Response> {
  const created = await tusCreate(base, cookie, videoId, bytes.length);
  const location = created.headers.get('location');
  if (!location) throw new Error(`no upload was created: ${created.status} ${await created.text()}`);
  return tusPatch(base, cookie, location, bytes);
}
