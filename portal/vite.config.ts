import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The portal is built into dist/portal, which the daemon serves at `/` (daemon/portal.ts). Everything ships in the
// bundle: no CDN, no external font, and no inline script, so the daemon's strict CSP holds.
export default defineConfig({
  root: here('.'),
  base: '/',
  publicDir: here('public'),
  plugins: [react()],
  // The shared rules (src/rules, src/ui/validation) run in the page as they are;
  // their two Node imports get browser stand-ins (portal/src/shims, compared with Node's in test/portal).
  resolve: {
    alias: {
      'node:net': here('src/shims/net.ts'),
      'node:vm': here('src/shims/vm.ts'),
    },
  },
  build: {
    outDir: here('../dist/portal'),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  // `npx vite --config portal/vite.config.ts` during development, beside a daemon on its default port.
  server: { proxy: { '/api': 'http://127.0.0.1:8480' } },
});
