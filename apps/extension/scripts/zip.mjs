// Packs the built extension (dist/) into dist-zip/grouptrack-extension.zip, the file the server
// offers on its install page. fflate keeps this free of a system zip program.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(root, 'dist');
const zipDir = join(root, 'dist-zip');

/** Every file under a folder, by its path relative to that folder with forward slashes. */
function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

const files = {};
for (const path of listFiles(distDir)) {
  files[relative(distDir, path).split('\\').join('/')] = readFileSync(path);
}
if (!files['manifest.json']) throw new Error('dist/manifest.json is missing: run vite build first');

mkdirSync(zipDir, { recursive: true });
const zipPath = join(zipDir, 'grouptrack-extension.zip');
// A fixed date keeps the zip the same from one build to the next when the files are.
writeFileSync(zipPath, zipSync(files, { level: 9, mtime: new Date('2026-01-01T00:00:00Z') }));
console.log(`${relative(root, zipPath)}: ${Object.keys(files).length} files`);
