// Sandbox area: webhook. Its issue replaces the 501 answers with real behaviour.
import type { AreaModule } from '../http.js';

export const area: AreaModule = {};
