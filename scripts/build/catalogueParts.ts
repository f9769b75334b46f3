/**
 * The build's cut of the language catalogues into parts (docs/api.md#languages): an import of
 * `locales/<code>.json?part=<part>` gets only that part's namespaces (redirector/contract/
 * catalogueParts.ts), as a module and so a chunk of its own. Shared by the web, desktop and test
 * builds; the catalogue files themselves stay whole, one per language.
 */
import fs from 'node:fs';
import type { Plugin } from 'vite';
import { cataloguePart, partOfQuery } from '../../redirector/contract/catalogueParts';

const CATALOGUE = /[\\/]locales[\\/][^\\/?]+\.json\?/;

export function catalogueParts(): Plugin {
  return {
    name: 'me-catalogue-parts',
    enforce: 'pre',
    load(id) {
      if (!CATALOGUE.test(id)) return undefined;
      const part = partOfQuery(id);
      if (part === undefined) return undefined;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const catalogue = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      // JSON.parse of a string literal: smaller and faster to start than the same object as code.
      const text = JSON.stringify(JSON.stringify(cataloguePart(catalogue, part)));
      return { code: `export default JSON.parse(${text});\n`, map: null, moduleType: 'js' };
    },
  };
}
