// The inspector page's script run without a browser (CI also drives it in chromium, see
// test/e2e/inspector.test.ts): node's vm with a minimal DOM, enough to draw a message and to
// open the event stream. It checks what a browser test on this machine might skip.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

class Node {}
class El extends Node {
  className = '';
  textContent = '';
  readonly attrs: Record<string, string> = {};
  readonly children: Array<El | string> = [];
  constructor(readonly tag: string) {
    super();
  }
  setAttribute(k: string, v: string) {
    this.attrs[k] = v;
  }
  addEventListener() {}
  append(...c: Array<El | string>) {
    this.children.push(...c);
  }
}
const all = (e: El | string): El[] => (typeof e === 'string' ? [] : [e, ...e.children.flatMap(all)]);

/** The page's script in a fresh context: its top-level functions, and the event names it listens to. */
function page() {
  const listened: string[] = [];
  class EventSource {
    static CLOSED = 2;
    constructor(readonly url: string) {}
    addEventListener(kind: string) {
      listened.push(kind);
    }
  }
  const document = { createElement: (tag: string) => new El(tag), getElementById: (id: string) => new El(id), addEventListener() {}, querySelectorAll: () => [] };
  const context: Record<string, unknown> = { document, Node, EventSource, setTimeout, clearTimeout, URL };
  runInNewContext(readFileSync(resolve(import.meta.dirname, '../../src/sandbox/inspector/inspector.js'), 'utf8'), context);
  return { context, listened };
}

describe('the inspector page script', () => {
  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x'])(
    'a media link %j is drawn as text, with no href',
    (url) => {
      const { context } = page();
      const node = (context.contentNode as (c: unknown) => El)({ media: { kind: 'image', url, filename: 'a.png' } });
      const hrefs = all(node).filter((e) => 'href' in e.attrs);
      expect(hrefs).toEqual([]);
      expect(all(node).some((e) => e.tag === 'span' && e.textContent === 'a.png')).toBe(true);
    },
  );

  it('an http(s) media link is a link (the check above is not a page that links nothing)', () => {
    const { context } = page();
    const node = (context.contentNode as (c: unknown) => El)({ media: { kind: 'image', url: 'https://example.com/a.png' } });
    expect(all(node).filter((e) => e.tag === 'a').map((e) => e.attrs.href)).toEqual(['https://example.com/a.png']);
  });

  it('listens to every kind of change: messages, statuses, requests, deliveries, record changes and resets', () => {
    const { context, listened } = page();
    (context.connect as () => void)();
    expect(listened.sort()).toEqual(['change', 'delivery', 'message', 'request', 'reset', 'status']);
  });
});
