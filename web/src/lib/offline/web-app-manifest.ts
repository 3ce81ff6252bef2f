import { DEFAULT_UI_STYLES } from '@engine/ui-settings.ts';

/** The name under the home-screen icon: iOS and Android cut anything much longer than 12 characters. */
export const APP_SHORT_NAME = 'Parstock';

/**
 * The web app manifest (written into the build as /manifest.webmanifest). Its theme colour is the UI styles'
 * primary colour, the one the app's buttons wear; the page's theme-color follows the saved styles at run time.
 * Icons come from `scripts/generate-app-icons.ts`: 192 and 512 for Android's launcher and splash, a maskable
 * 512 that Android crops to its own shape, and iOS's 180 apple-touch-icon linked from index.html.
 */
export function webAppManifest() {
  return {
    id: '/',
    name: 'Parstock — inventory for café chains',
    short_name: APP_SHORT_NAME,
    description: 'Inventory counts, PAR levels and ordering for café chains.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: DEFAULT_UI_STYLES.buttons.primaryBackground,
    background_color: DEFAULT_UI_STYLES.boxes.backgroundColor,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png', purpose: 'any' },
    ],
  };
}
