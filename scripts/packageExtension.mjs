// `npm run package:extension`: zips the built extension (dist/extension/<browser>/) into
// dist/extension/me-extension-<browser>-<version>.zip, one per browser, for the Chrome Web Store and
// addons.mozilla.org (docs/extension.md). A plain ZIP (deflate), written here: no zip tool needed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const OUT = path.resolve('dist/extension');
const BROWSERS = ['chromium', 'firefox'];
// 1980-01-01 00:00 in DOS time: the same bytes for the same files, whenever they are packed.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

function filesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .sort();
}

function header(signature, size) {
  const buffer = Buffer.alloc(size);
  buffer.writeUInt32LE(signature, 0);
  return buffer;
}

/** One file's local header and data, and its central directory entry. */
function entry(name, body, offset) {
  const nameBytes = Buffer.from(name, 'utf8');
  const data = zlib.deflateRawSync(body, { level: 9 });
  const crc = zlib.crc32(body);
  const local = header(0x04034b50, 30);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x0800, 6);
  local.writeUInt16LE(8, 8);
  local.writeUInt16LE(DOS_TIME, 10);
  local.writeUInt16LE(DOS_DATE, 12);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(body.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = header(0x02014b50, 46);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt16LE(8, 10);
  central.writeUInt16LE(DOS_TIME, 12);
  central.writeUInt16LE(DOS_DATE, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(body.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(offset, 42);
  return { local: Buffer.concat([local, nameBytes, data]), central: Buffer.concat([central, nameBytes]) };
}

function zip(dir) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const name of filesUnder(dir)) {
    const { local, central } = entry(name, fs.readFileSync(path.join(dir, name)), offset);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = header(0x06054b50, 22);
  end.writeUInt16LE(centrals.length, 8);
  end.writeUInt16LE(centrals.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
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
