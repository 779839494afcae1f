// The inspector page's drawing modules run without a browser (CI also drives the page in chromium,
// see test/e2e/inspector.test.ts): a minimal DOM, enough to draw a message and to open the event
// stream. It checks what a browser test on this machine might skip.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

class Node {}
class El extends Node {
  className = '';
  textContent = '';
  dir = '';
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

const listened: string[] = [];
class EventSource {
  static CLOSED = 2;
  constructor(readonly url: string) {}
  addEventListener(kind: string) {
    listened.push(kind);
  }
}

let contentNode: (c: unknown) => El;
let connect: () => void;
beforeAll(async () => {
  vi.stubGlobal('Node', Node);
  vi.stubGlobal('EventSource', EventSource);
  vi.stubGlobal('document', { createElement: (tag: string) => new El(tag), getElementById: (id: string) => new El(id), addEventListener() {}, querySelectorAll: () => [] });
  contentNode = (await import('../../src/sandbox/inspector/page/conversations.js')).contentNode as unknown as typeof contentNode;
  connect = (await import('../../src/sandbox/inspector/page/main.js')).connect;
});
afterAll(() => void vi.unstubAllGlobals());

describe('the inspector page script', () => {
  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x'])(
    'a media link %j is drawn as text, with no href',
    (url) => {
      const node = contentNode({ media: { kind: 'image', url, filename: 'a.png' } });
      const hrefs = all(node).filter((e) => 'href' in e.attrs);
      expect(hrefs).toEqual([]);
      expect(all(node).some((e) => e.tag === 'span' && e.textContent === 'a.png')).toBe(true);
    },
  );

  it('an http(s) media link is a link (the check above is not a page that links nothing)', () => {
    const node = contentNode({ media: { kind: 'image', url: 'https://example.com/a.png' } });
    expect(all(node).filter((e) => e.tag === 'a').map((e) => e.attrs.href)).toEqual(['https://example.com/a.png']);
  });

  it('a text is drawn with its format characters shown and its direction its own', () => {
    const text = all(contentNode({ text: 'abc\u202Edef' })).find((e) => e.tag === 'p')!;
    expect([text.textContent, text.dir]).toEqual(['abc⟨U+202E⟩def', 'auto']);
  });

  it('listens to every kind of change: messages, statuses, requests, deliveries, record changes and resets', () => {
    connect();
    expect(listened.sort()).toEqual(['change', 'delivery', 'message', 'request', 'reset', 'status']);
  });
});
