/**
 * The rule of the hub's images (docs/api.md#the-avatar, docs/api.md#hub-background): a PNG, JPEG or
 * WebP image, recognised by its bytes (the Content-Type header is not trusted), of at most 512 KiB
 * (the avatar) or 2 MiB (the background) and 2,048 × 2,048 pixels. SVG and anything else is refused:
 * an image served from our origin must never carry script. The messages name the image refused.
 */
import { imageSize } from 'image-size';
import { type AvatarType, MAX_AVATAR_BYTES, MAX_AVATAR_SIDE } from '../contract/hub';

export const AVATAR_TOO_BIG = `The image is too large (${MAX_AVATAR_BYTES / 1024} KiB at most)`;
export const AVATAR_TOO_WIDE = `The image is too large (${MAX_AVATAR_SIDE} × ${MAX_AVATAR_SIDE} pixels at most)`;

/** Which of the hub's images a body is meant to be. */
export type HubImageName = 'avatar' | 'background';

/** 415: the body is not a PNG, JPEG or WebP image (written out whole: the UI's catalogue translates them). */
const NOT_IMAGE: Readonly<Record<HubImageName, string>> = {
  avatar: 'The avatar must be a PNG, JPEG or WebP image',
  background: 'The background must be a PNG, JPEG or WebP image',
};
/** 415: the body came with a Content-Encoding. */
const COMPRESSED: Readonly<Record<HubImageName, string>> = {
  avatar: 'The avatar must not be compressed',
  background: 'The background must not be compressed',
};
export const notImageMessage = (name: HubImageName) => NOT_IMAGE[name];
export const compressedMessage = (name: HubImageName) => COMPRESSED[name];

export type AvatarCheck =
  | { ok: true; type: AvatarType; width: number; height: number }
  | { ok: false; status: 413 | 415; error: string };

const TYPES: Readonly<Record<string, AvatarType>> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * Each type's whole signature. image-size picks a type by fewer bytes (a PNG by bytes 1–7, so
 * `<PNG…` followed by HTML passed as a PNG); a file stored and served as a type starts as that
 * type's files do (docs/api.md#the-avatar).
 */
const SIGNATURES: Readonly<Record<AvatarType, readonly (number | null)[]>> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
  // RIFF, the size (any), WEBP.
  'image/webp': [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50],
};

function startsAs(bytes: Uint8Array, type: AvatarType): boolean {
  return SIGNATURES[type].every((byte, index) => byte === null || bytes[index] === byte);
}

/** The image too large, in words, for a limit of `maxBytes`. */
export function tooBigMessage(maxBytes: number): string {
  return maxBytes >= 1024 * 1024
    ? `The image is too large (${maxBytes / 1024 / 1024} MiB at most)`
    : `The image is too large (${maxBytes / 1024} KiB at most)`;
}

/** `maxBytes`: the avatar's 512 KiB, or the background's 2 MiB (docs/api.md#hub-background). */
export function checkAvatar(
  bytes: Uint8Array,
  maxBytes = MAX_AVATAR_BYTES,
  name: HubImageName = 'avatar',
): AvatarCheck {
  if (bytes.length > maxBytes) return { ok: false, status: 413, error: tooBigMessage(maxBytes) };
  const notImage = { ok: false, status: 415, error: notImageMessage(name) } as const;
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return notImage;
  }
  const type = size.type === undefined ? undefined : TYPES[size.type];
  if (type === undefined || !startsAs(bytes, type) || !size.width || !size.height) return notImage;
  if (size.width > MAX_AVATAR_SIDE || size.height > MAX_AVATAR_SIDE) {
    return { ok: false, status: 413, error: AVATAR_TOO_WIDE };
  }
  return { ok: true, type, width: size.width, height: size.height };
}
