/**
 * `npm run package:desktop` can't run here (electron-builder downloads Electron), so its inputs are
 * checked instead: the configuration passes electron-builder's own schema, and every icon it names
 * exists at the sizes each platform asks for.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const build = path.join(root, 'build');
const require = createRequire(import.meta.url);

/** Width and height from a PNG's IHDR. */
function pngSize(file: string): [number, number] {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('build/electron-builder.yml', () => {
  it("passes electron-builder's configuration schema and targets AppImage, deb, NSIS and dmg", async () => {
    const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js');
    const { DebugLogger } = require('builder-util');
    const config = await getConfig(root, path.join(build, 'electron-builder.yml'), null);
    await validateConfiguration(config, new DebugLogger(false));
    expect(config).toMatchObject({
      npmRebuild: false,
      linux: { target: ['AppImage', 'deb'], icon: 'build/icons' },
      win: { target: 'nsis', icon: 'build/icon.ico' },
      mac: { target: 'dmg', icon: 'build/icon.icns' },
    });
  });
});

describe('icons', () => {
  it('has a PNG per Linux size, each as large as its name says', () => {
    const sizes = fs
      .readdirSync(path.join(build, 'icons'))
      .map((name) => {
        const [width, height] = pngSize(path.join(build, 'icons', name));
        expect(name).toBe(`${width}x${height}.png`);
        return width;
      })
      .sort((a, b) => a - b);
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256, 512]);
  });

  it('has a Windows .ico with 16 to 256 px images', () => {
    const ico = fs.readFileSync(path.join(build, 'icon.ico'));
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    // Width byte 0 means 256.
    const widths = Array.from({ length: count }, (_, index) => ico[6 + index * 16] || 256);
    expect(widths).toEqual([16, 24, 32, 48, 64, 128, 256]);
  });

  it('has a macOS .icns up to 512 px', () => {
    const icns = fs.readFileSync(path.join(build, 'icon.icns'));
    expect(icns.subarray(0, 4).toString()).toBe('icns');
    const types: string[] = [];
    for (let offset = 8; offset < icns.length; offset += icns.readUInt32BE(offset + 4)) {
      types.push(icns.subarray(offset, offset + 4).toString());
    }
    expect(types).toEqual(expect.arrayContaining(['is32', 'il32', 'it32', 'ic08', 'ic09']));
  });

  it('has tray icons: colour for Linux and Windows, a template image (1x and 2x) for the macOS menu bar', () => {
    expect(pngSize(path.join(build, 'tray', 'tray.png'))).toEqual([32, 32]);
    expect(pngSize(path.join(build, 'tray', 'trayTemplate.png'))).toEqual([16, 16]);
    expect(pngSize(path.join(build, 'tray', 'trayTemplate@2x.png'))).toEqual([32, 32]);
  });
});
