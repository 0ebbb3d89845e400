/** Uploaded pictures (avatars, banners, thumbnails): what the server takes, and what it says otherwise. */

/** The server re-encodes every picture; it takes these kinds. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Larger pictures are refused before decoding: they cost memory and are never shown that big. */
export const IMAGE_MAX_SIDE = 8000;

export const NOT_AN_IMAGE = 'This file is not an image. Upload a JPEG, PNG, WebP or GIF.';
export const IMAGE_TOO_LARGE = `This image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB. Choose a smaller one.`;
export const IMAGE_TOO_WIDE = `Images can be at most ${IMAGE_MAX_SIDE} pixels on a side.`;
export const IMAGE_EMPTY = 'This file is empty. Choose an image.';

/** Why `file` cannot be uploaded as a picture, checked before sending it; undefined when fine. */
export function imageFileProblem(file: { type: string; size: number }): string | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return NOT_AN_IMAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE;
  if (file.size === 0) return IMAGE_EMPTY;
  return undefined;
}
