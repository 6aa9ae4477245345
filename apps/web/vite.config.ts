import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { firstViewChunks } from './build/chunk-groups.ts';
import { FIRST_VIEW_API_PATHS } from './build/first-view-api.ts';
import { BOOT_CONFIG, ENGLISH_MESSAGES, FIRST_VIEWS } from './build/first-views.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));
const contract = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));

/**
 * Parses the message catalogues at build time, so the app ships ICU syntax trees and no ICU
 * parser (about 10 KB gzip less on the login page). The output is still JSON.
 */
function precompileMessages(): Plugin {
  return {
    name: 'raumregler:precompile-messages',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]src[\\/]i18n[\\/][^\\/]+[\\/][^\\/]+\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, text]) => [key, parse(text)]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/**
 * Sonner writes its stylesheet into the page when its module runs (a `<style>` in the head). Its
 * chunk loads after the first view, and a stylesheet added then makes the browser style every
 * element of the page again: on the 1,000-room overview one task of 55–60 ms at 4x CPU, after the
 * table was shown. Its CSS is in the app's stylesheet instead (styles.css imports it); this
 * removes the call.
 */
function sonnerStylesInBundle(): Plugin {
  return {
    name: 'raumregler:sonner-styles-in-bundle',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const call = /^__insertCSS\("(?:[^"\\]|\\.)*"\);?$/m;
      if (!call.test(code))
        throw new Error(`sonner: no __insertCSS call in ${id} (a new version?)`);
      return { code: code.replace(call, ''), map: null };
    },
  };
}

/**
 * The modules each preload group of the boot script needs: each first view's route modules
 * (build/first-views.ts), by the names the boot script picks from the address, and the English
 * messages.
 */
const PRELOAD_MODULES: Record<string, string[]> = {
  ...Object.fromEntries(
    Object.entries(FIRST_VIEWS).map(([view, { modules }]) => [
      view,
      modules.map((module) => `/src/${module}`),
    ]),
  ),
  en: [`/src/${ENGLISH_MESSAGES}`],
};

const bootSource = readFileSync(new URL('./boot/first-paint.js', import.meta.url), 'utf8')
  // The file's own header comment stays in the repository, not in every page.
  .replace(/^(\/\/.*\n|\/\*.*\*\/\n)+/, '');

/**
 * Inlines boot/first-paint.js into index.html (at `<!-- boot-script -->`): the stored theme and
 * language before the first paint without a render-blocking request, and modulepreloads of the
 * lazy chunks the address's first view needs (see PRELOAD_MODULES), so they download with the
 * entry rather than after it has run. Its storage keys, base and address patterns are the app's
 * own (BOOT_CONFIG). The server allows the script by its hash (CSP).
 */
function bootScript(): Plugin {
  return {
    name: 'raumregler:boot-script',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        let preloads: Record<string, string[] | Record<string, string[]>> | null = null;
        if (bundle) {
          const chunks = new Map<string, Rollup.OutputChunk>();
          for (const output of Object.values(bundle))
            if (output.type === 'chunk') chunks.set(output.fileName, output);
          const closure = (file: string, into: Set<string>): Set<string> => {
            if (!into.has(file)) {
              into.add(file);
              for (const imported of chunks.get(file)?.imports ?? []) closure(imported, into);
            }
            return into;
          };
          const inEntry = new Set<string>();
          for (const chunk of chunks.values()) if (chunk.isEntry) closure(chunk.fileName, inEntry);
          preloads = {
            api: Object.fromEntries(
              Object.entries(FIRST_VIEW_API_PATHS).map(([group, paths]) => [
                group,
                paths.map((path) => `/api${path}`),
              ]),
            ),
          };
          for (const [group, modules] of Object.entries(PRELOAD_MODULES)) {
            const wanted = new Set<string>();
            for (const chunk of chunks.values()) {
              const ids = chunk.moduleIds.map((id) => id.replaceAll('\\', '/'));
              if (modules.some((module) => ids.some((id) => id.endsWith(module))))
                closure(chunk.fileName, wanted);
            }
            if (wanted.size === 0) throw new Error(`boot script: no chunk for ${group}`);
            preloads[group] = [...wanted].filter((file) => !inEntry.has(file));
          }
        }
        const script = bootSource.replace('__BOOT__', JSON.stringify({ ...BOOT_CONFIG, preloads }));
        if (!html.includes('<!-- boot-script -->'))
          throw new Error('index.html lacks the <!-- boot-script --> placeholder');
        return html.replace('<!-- boot-script -->', `<script>${script.trim()}</script>`);
      },
    },
  };
}

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) copy beside every built asset, which the
 * server sends as they are (`preCompressed` in apps/server/src/plugins/web-app.ts). Compressing
 * once at build time at the best level ships about 14 % fewer bytes than the server's on-the-fly
 * brotli (quality 4, chosen for its CPU cost per answer), and costs the server no CPU per request.
 */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'raumregler:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const file = path.join(assets, name);
        const content = readFileSync(file);
        // Below about 1 KB, compression saves less than a packet: the server's threshold too.
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  base: BOOT_CONFIG.base,
  plugins: [
    precompileMessages(),
    sonnerStylesInBundle(),
    react(),
    tailwindcss(),
    bootScript(),
    precompressAssets(),
  ],
  resolve: {
    alias: {
      '@': src,
      '@raumregler/contract': contract,
      // Messages arrive parsed (see above); the runtime needs only the formatter.
      ...(command === 'build'
        ? {
            '@formatjs/icu-messageformat-parser': fileURLToPath(
              import.meta.resolve('@formatjs/icu-messageformat-parser/no-parser.js'),
            ),
          }
        : {}),
    },
  },
  server: {
    port: 5173,
    // `npm run dev -w apps/web` next to a running server: the API goes to it.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // A first view loads a handful of files rather than dozens: the entry's whole static graph in
    // one chunk, each first view's lazy code in its own (build/chunk-groups.ts). Each file costs
    // a round trip on a slow line, and the first views' JS shrank by chunk overhead as well.
    // includeDependenciesRecursively stays off: the function names every module a first view
    // needs itself, and a group must not take another view's modules along as dependencies.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 2 },
            {
              name: firstViewChunks(src),
              debugName: 'first-view',
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
