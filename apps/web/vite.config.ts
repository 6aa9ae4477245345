import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = fileURLToPath(new URL('./src', import.meta.url));
const contract = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));

export default defineConfig({
  base: '/re/home/',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': src, '@raumregler/contract': contract },
  },
  server: {
    port: 5173,
    // `npm run dev -w apps/web` next to a running server: the API goes to it.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});
