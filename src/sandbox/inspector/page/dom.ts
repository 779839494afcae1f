// The few DOM helpers the page draws with. Every string from the sandbox is written with
// textContent (h() below): the page never parses data as HTML, and links are set only for
// http(s) URLs.
import { safeUrl, visible } from './format.js';

export const byId = <E extends HTMLElement = HTMLElement>(id: string): E => document.getElementById(id) as E;

/** Text drawn into an element: format characters made visible, and isolated (`dir=auto`) from the text around it. */
export function setText(el: HTMLElement, text: unknown): void {
  el.textContent = visible(text);
  el.dir = 'auto';
}

type Props = Record<string, unknown>;
export type Child = Node | string | undefined | null | false | Child[];

/** An element: props are attributes (`class`, `text`, `on<event>` handled), children nodes or text. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = String(v);
    else if (k === 'text') setText(el, v);
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v as EventListener);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== undefined && c !== null && c !== false) el.append(c instanceof Node ? c : h('bdi', { text: c }));
  return el;
}

/**
 * One bad value shows a placeholder where it would be, never a blank page: each bubble, row and
 * table is drawn through this (the feed is JSON, but any field may hold any shape).
 */
export function guarded(draw: () => HTMLElement, tag: keyof HTMLElementTagNameMap, what: string): HTMLElement {
  try {
    return draw();
  } catch {
    return h(tag, { class: 'broken muted', text: `(this ${what} could not be shown)` });
  }
}

export const link = (href: unknown, text: string): HTMLElement => (safeUrl(href) ? h('a', { href: safeUrl(href), target: '_blank', rel: 'noopener noreferrer', text }) : h('span', { text }));

/** The line at the bottom that says what went wrong ('' hides it). */
export function toast(text: string): void {
  const t = byId('toast');
  t.textContent = visible(text);
  t.hidden = !text;
}
