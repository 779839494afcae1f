#!/usr/bin/env node
// Kept tiny, and CommonJS (bin/package.json): Node's ES module loader alone costs ~8 ms of
// CPU per start on Node 20. --version answers without loading the bundle; everything else
// requires it (dist/ is CommonJS too, see scripts/build.mjs).
'use strict';
const first = process.argv[2];
if ((first === '--version' || first === '-V') && process.argv.length === 3) {
  const { readFileSync } = require('node:fs');
  process.stdout.write(`${JSON.parse(readFileSync(`${__dirname}/../package.json`, 'utf8')).version}\n`);
} else {
  // Node 22+ keeps V8's compiled code of dist/ between runs. (On Node 20, where it does not
  // exist, loading node:module alone would cost ~1 ms.)
  if (Number(process.versions.node.split('.')[0]) >= 22) require('node:module').enableCompileCache();
  require('../dist/main.js');
}
