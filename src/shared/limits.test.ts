import { describe, expect, it } from 'vitest';
import {
  DISPLAY_NAME_FIELD_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  DisplayNameSchema,
  EMAIL_MAX,
  EmailSchema,
  PASSWORD_MAX,
  PasswordSchema,
  SignupSchema,
} from './auth/auth.js';
import { BIO_MAX, LINK_MAX_LENGTH, LINKS_MAX, ProfileUpdateSchema } from './profiles/profiles.js';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, imageFileProblem, NOT_AN_IMAGE } from './media/images.js';
import { LONG_VIDEO_CONTENT_TYPE, PRODUCT_SLUG } from './platform/product.js';
import { notificationTarget } from './notifications/notification-rules.js';
import { CreateVideoSchema, TAG_MAX_LENGTH, VIDEO_KINDS, VIDEO_PAGE_MAX, VIDEO_PAGE_SIZE, VideoListQuerySchema } from './videos/videos.js';
import { RegistrationDisplayNameSchema } from './wallet/wallet.js';

const problem = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? undefined : r.error!.issues[0]!.message);
const TOO_LONG = 'Display name must be less than 50 characters';

describe('display name: under 50 characters everywhere', () => {
  it('takes 49 characters and refuses 50, in every form that sets one', () => {
    expect(DISPLAY_NAME_MAX_LENGTH).toBe(49);
    expect(DISPLAY_NAME_FIELD_MAX_LENGTH).toBe(50);
    const ok = 'a'.repeat(49);
    const long = 'a'.repeat(50);
    expect(problem(DisplayNameSchema.safeParse(ok))).toBeUndefined();
    expect(problem(DisplayNameSchema.safeParse(long))).toBe(TOO_LONG);
    expect(problem(RegistrationDisplayNameSchema.safeParse(long))).toBe(TOO_LONG);
    expect(problem(ProfileUpdateSchema.safeParse({ displayName: long }))).toBe(TOO_LONG);
    const signup = { username: 'satoshi', email: 'a@b.co', password: 'Str0ng!Passw0rd' };
    expect(problem(SignupSchema.safeParse({ ...signup, displayName: ok }))).toBeUndefined();
    expect(problem(SignupSchema.safeParse({ ...signup, displayName: long }))).toBe(TOO_LONG);
  });

  it('trims before counting, and is required except at sign-up (where the username stands in)', () => {
    expect(DisplayNameSchema.parse(`  ${'a'.repeat(49)}  `)).toBe('a'.repeat(49));
    expect(problem(DisplayNameSchema.safeParse('   '))).toBe('Display name is required');
    expect(SignupSchema.parse({ username: 'satoshi', email: 'a@b.co', password: 'Str0ng!Passw0rd', displayName: '' }).displayName).toBe('');
  });
});

describe('account limits', () => {
  it('email and password maxima', () => {
    const at = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;
    expect(at(EMAIL_MAX)).toHaveLength(255);
    expect(problem(EmailSchema.safeParse(at(EMAIL_MAX + 1)))).toBe('Invalid email address');
    const pw = (n: number) => `Aa1!${'a'.repeat(n - 4)}`;
    expect(problem(PasswordSchema.safeParse(pw(PASSWORD_MAX)))).toBeUndefined();
    expect(problem(PasswordSchema.safeParse(pw(PASSWORD_MAX + 1)))).toBe('Password must be less than 100 characters');
  });
});

describe('profile limits', () => {
  it('bio, number of links and link length', () => {
    expect(problem(ProfileUpdateSchema.safeParse({ bio: 'b'.repeat(BIO_MAX) }))).toBeUndefined();
    expect(problem(ProfileUpdateSchema.safeParse({ bio: 'b'.repeat(BIO_MAX + 1) }))).toBe('Bio must be at most 500 characters');
    const links = (n: number) => Array.from({ length: n }, (_, i) => `https://x.example/${i}`);
    expect(problem(ProfileUpdateSchema.safeParse({ links: links(LINKS_MAX) }))).toBeUndefined();
    expect(problem(ProfileUpdateSchema.safeParse({ links: links(LINKS_MAX + 1) }))).toBe('At most 5 links');
    const url = (n: number) => `https://x.example/${'p'.repeat(n - 'https://x.example/'.length)}`;
    expect(problem(ProfileUpdateSchema.safeParse({ links: [url(LINK_MAX_LENGTH)] }))).toBeUndefined();
    expect(problem(ProfileUpdateSchema.safeParse({ links: [url(LINK_MAX_LENGTH + 1)] }))).toBe('Links must be at most 2000 characters');
  });
});

describe('images', () => {
  it('takes up to the size limit and names the problem past it', () => {
    expect(imageFileProblem({ type: 'image/png', size: IMAGE_MAX_BYTES })).toBeUndefined();
    expect(imageFileProblem({ type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe(IMAGE_TOO_LARGE);
    expect(IMAGE_TOO_LARGE).toBe('This image is larger than 8 MB. Choose a smaller one.');
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(NOT_AN_IMAGE);
    expect(imageFileProblem({ type: 'image/jpeg', size: 0 })).toBe('This file is empty. Choose an image.');
  });
});

describe('videos', () => {
  const base = { kind: 'long', title: 'T', category: 'Trading' } as const;
  it('tags up to their length limit', () => {
    expect(problem(CreateVideoSchema.safeParse({ ...base, tags: ['t'.repeat(TAG_MAX_LENGTH)] }))).toBeUndefined();
    expect(problem(CreateVideoSchema.safeParse({ ...base, tags: ['t'.repeat(TAG_MAX_LENGTH + 1)] }))).toBe('Tags must be at most 30 characters');
  });

  it('kinds are long and short only', () => {
    expect(VIDEO_KINDS).toEqual(['long', 'short']);
    expect(problem(CreateVideoSchema.safeParse({ ...base, kind: 'stream' }))).toBeDefined();
  });

  it('pages default to the page size and stop at the maximum', () => {
    expect(VideoListQuerySchema.parse({}).limit).toBe(VIDEO_PAGE_SIZE);
    expect(VideoListQuerySchema.parse({ limit: String(VIDEO_PAGE_MAX) }).limit).toBe(VIDEO_PAGE_MAX);
    expect(VideoListQuerySchema.safeParse({ limit: String(VIDEO_PAGE_MAX + 1) }).success).toBe(false);
    expect(VideoListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
  });
});

describe('the product slug', () => {
  it('long-video notifications lead to the product’s section', () => {
    const n = { type: 'like', contentId: 'v1', contentType: LONG_VIDEO_CONTENT_TYPE, actor: null } as const;
    expect(notificationTarget(n)).toBe(`/${PRODUCT_SLUG}/v1`);
  });
});
