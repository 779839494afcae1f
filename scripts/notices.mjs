// THIRD_PARTY_NOTICES: every package whose code the build bundled into dist/, with its version,
// its licence and the full text of the licence (and NOTICE) files it ships. The list comes from
// the build's own metafile (the inputs of its output files), so it cannot drift from what is
// bundled; a bundled package without a licence file fails the build.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const LICENCE_FILE = /^(licen[cs]e|copying|notice)([-.].*)?$/i;
const RULE = '-'.repeat(80);

/** The folders (node_modules/<name>, nested ones included) of the packages with code in the outputs. */
export function bundledPackageDirs(metafile) {
  const dirs = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const input of Object.keys(output.inputs)) {
      const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (m) dirs.add(m[1]);
    }
  }
  return [...dirs];
}

/** name, version, licence and licence text of the package in `dir`. */
function describe(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const files = readdirSync(dir).filter((f) => LICENCE_FILE.test(f)).sort();
  if (files.length === 0) throw new Error(`notices: ${pkg.name} ${pkg.version} (${dir}) is bundled but ships no licence file`);
  const text = files.map((f) => readFileSync(join(dir, f), 'utf8').replace(/\r\n/g, '\n').trim()).join('\n\n');
  const licence = typeof pkg.license === 'string' ? pkg.license : (pkg.license?.type ?? 'see below');
  return { name: pkg.name, version: pkg.version, licence, text };
}

/**
 * The file's text. `legal`: the legal comments esbuild found in the bundled code (its
 * legalComments: 'external' output), for notices that a package carries in a source file only.
 */
export function thirdPartyNotices(metafile, legal = []) {
  const seen = new Map();
  for (const dir of bundledPackageDirs(metafile)) {
    const p = describe(dir);
    seen.set(`${p.name}@${p.version}\0${p.text}`, p);
  }
  const packages = [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
  const parts = [
    'THIRD-PARTY SOFTWARE NOTICES\n\n' +
      'chatcrm bundles the following packages into dist/. Each is listed with its version, its\n' +
      'licence and the full text of the licence files it is distributed with. chatcrm itself is\n' +
      'under the MIT licence (LICENSE).',
    ...packages.map((p) => `Package: ${p.name}@${p.version}\nLicense: ${p.licence}\n\n${p.text}`),
  ];
  const comments = [...new Set(legal.map((t) => t.replace(/^Bundled license information:\s*/, '').trim()).filter(Boolean))];
  if (comments.length) parts.push(`Notices in the bundled source files:\n\n${comments.join('\n\n')}`);
  return `${parts.join(`\n\n${RULE}\n\n`)}\n`;
}
