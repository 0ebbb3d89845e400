import { defineConfig } from '@vite-pwa/assets-generator/config';

/**
 * The installable app's icons, made from the favicon by `npm run icons` (sharp) and committed, so a
 * build needs no image tooling. Any-purpose icons keep the favicon's own rounded square; the
 * maskable and Apple icons put the star on the full dark background with room for the platform's mask.
 */
export const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
const DARK = '#0b0b12';

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    transparent: { sizes: ICON_SIZES, favicons: [], padding: 0 },
    maskable: { sizes: [512], padding: 0.3, resizeOptions: { background: DARK } },
    apple: { sizes: [180], padding: 0.3, resizeOptions: { background: DARK } },
    assetName: (type, size) => {
      const px = `${size.width}x${size.height}`;
      return type === 'transparent' ? `icons/icon-${px}.png` : type === 'maskable' ? `icons/maskable-icon-${px}.png` : `icons/apple-touch-icon-${px}.png`;
    },
  },
  images: ['src/client/public/favicon.svg'],
});
