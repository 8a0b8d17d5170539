import { crx } from '@crxjs/vite-plugin';
import { defineConfig } from 'vite';
import manifest from './manifest.config';

export default defineConfig({
  plugins: [crx({ manifest })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The extension is loaded from disk: small readable files help when a user reports a problem.
    minify: false,
    sourcemap: false,
    rollupOptions: {
      // Pages the manifest does not name as popup or options: the frame host the content script shows.
      input: { host: 'src/frames/host.html' },
    },
  },
});
