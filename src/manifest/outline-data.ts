// The outline of the whole command tree. scripts/build.mjs replaces this module in dist with the
// JSON it evaluates to, so that a start reads data instead of running the manifest.
import { loadCommands } from './index.js';
import { outline, type Outline } from './outline.js';

export const OUTLINE: Outline[] = (await loadCommands()).map(outline);
