#!/usr/bin/env node
// Kept tiny: --version answers without loading the bundle; everything else imports it.
import module from 'node:module';

module.enableCompileCache?.();
const first = process.argv[2];
if ((first === '--version' || first === '-V') && process.argv.length === 3) {
  const { readFileSync } = await import('node:fs');
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${pkg.version}\n`);
} else {
  await import('../dist/main.js');
}
