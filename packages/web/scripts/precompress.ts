import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts (woff2) are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than a packet. */
const minBytes = 1024;

/**
 * Writes `file.br` and `file.gz` beside every compressible file of the build, at the highest levels (it runs once
 * per build, not per request). The server's static handler (`preCompressed`) sends them to browsers that accept
 * them. Node's own zlib does the compressing; this is only the walk over the output directory.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'webmail-precompress',
    apply: 'build',
    // After the service worker is written (vite-plugin-pwa also writes in closeBundle), so it is compressed too.
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of walk(outDir)) {
          if (compressible.test(file)) writeCompressedCopies(file);
        }
      },
    },
  };
}

/** Writes `file.gz` and `file.br` beside one file (the build's later steps use it for the files they write). */
export function writeCompressedCopies(file: string): void {
  const body = readFileSync(file);
  if (body.length < minBytes) return;
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* walk(file);
    else yield file;
  }
}
