// `npm run package:extension`: zips the built extension (dist/extension/<browser>/) into
// dist/extension/me-extension-<browser>-<version>.zip, one per browser, for the Chrome Web Store and
// addons.mozilla.org (docs/extension.md). Zipped by fflate: no zip tool needed.
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';

const OUT = path.resolve('dist/extension');
const BROWSERS = ['chromium', 'firefox'];
// The same bytes for the same files, whenever they are packed.
const FIXED_TIME = new Date(1980, 0, 1);

function filesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .sort();
}

function zip(dir) {
  const files = {};
  for (const name of filesUnder(dir)) files[name] = [fs.readFileSync(path.join(dir, name)), { mtime: FIXED_TIME }];
  return Buffer.from(zipSync(files, { level: 9 }));
}

const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8'));
for (const browser of BROWSERS) {
  const dir = path.join(OUT, browser);
  if (!fs.existsSync(path.join(dir, 'manifest.json'))) {
    console.error(`${dir} has no manifest.json: run npm run build:extension first`);
    process.exit(1);
  }
  const file = path.join(OUT, `me-extension-${browser}-${version}.zip`);
  fs.writeFileSync(file, zip(dir));
  console.log(`${path.relative(process.cwd(), file)}: ${(fs.statSync(file).size / 1024).toFixed(1)} KB`);
}
