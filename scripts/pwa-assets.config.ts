/**
 * PWA icons and iOS splash screens from `public/favicon.svg` (our own logo):
 * `npx pwa-assets-generator --config scripts/pwa-assets.config.ts`, then commit public/.
 */
import { combinePresetAndAppleSplashScreens, defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: combinePresetAndAppleSplashScreens(
    minimal2023Preset,
    {
      padding: 0.35,
      resizeOptions: { background: '#f2f5f8', fit: 'contain' },
      linkMediaOptions: { log: false, addMediaScreen: true, xhtml: false, basePath: '/' },
    },
    ['iPhone 16 Pro Max', 'iPhone 16', 'iPhone 14 Plus', 'iPhone 13 mini', 'iPhone SE 4.7"', 'iPad Air 11"'],
  ),
  images: ['public/favicon.svg'],
});
