// How a recipient sees a template: header, body with the examples filled in, footer, and
// buttons. Pure: lines of text, boxed for a terminal or plain for pipes.
import type { CreateRequest } from '../schemas/templates.js';

export interface Rendered {
  header?: string;
  body: string;
  footer?: string;
  buttons: string[];
}

const fill = (text: string, examples: Map<string, string>) => text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (m, k: string) => examples.get(k) ?? m);

export function renderTemplate(t: CreateRequest): Rendered {
  const examples = new Map((t.variable_examples ?? []).map((e) => [e.key.trim(), e.example]));
  const auth = t.category === 'AUTHENTICATION';
  const code = '12345678'.slice(0, t.otp_code_length ?? 6);
  let body = fill(t.message_body?.trim() ? t.message_body : auth ? `${code} is your verification code.` : '', examples);
  if (auth && t.add_security_recommendation) body += ' For your security, do not share this code.';
  if (t.is_limited_time_offer) body = `🎁 ${t.offer_text ?? ''}${t.has_expiration ? ' · Offer ends soon' : ''}\n\n${body}`;
  const footer = t.footer_text ?? (auth && t.code_expiration_minutes ? `This code expires in ${t.code_expiration_minutes} minutes.` : undefined);
  const buttons = [
    ...(t.otp_buttons ?? []).map((b) => `⧉ ${b.copy_button_text}`),
    ...(t.buttons ?? []).map((b) => {
      switch (b.type) {
        case 'quick_reply':
          return `↩ ${b.text}`;
        case 'phone_call':
          return `☎ ${b.text} (+${b.phone_number})`;
        case 'website':
          return `↗ ${b.text} (${b.website_url})`;
        case 'copy_code':
          return `⧉ Copy code ${b.text}`;
      }
    }),
  ];
  return { header: t.header_text ? fill(t.header_text, examples) : undefined, body, footer, buttons };
}

/** Greedy word wrap; words longer than the width are cut. */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (let word of para.split(/\s+/).filter(Boolean)) {
      while (word.length > width) {
        if (line) out.push(line);
        out.push(word.slice(0, width));
        word = word.slice(width);
        line = '';
      }
      if (!line) line = word;
      else if (line.length + 1 + word.length <= width) line += ` ${word}`;
      else {
        out.push(line);
        line = word;
      }
    }
    out.push(line);
  }
  return out;
}

/** The message as lines: in a box (terminal) or plain (pipes, files). */
export function layout(r: Rendered, opts: { box: boolean; width: number }): string {
  const w = Math.max(20, Math.min(opts.width, 64)) - (opts.box ? 4 : 0);
  const blocks: string[][] = [];
  if (r.header) blocks.push(wrap(r.header, w));
  blocks.push(wrap(r.body, w));
  if (r.footer) blocks.push(wrap(r.footer, w));
  const message = blocks.flatMap((b, i) => (i ? ['', ...b] : b));
  if (!opts.box) return [...message, ...(r.buttons.length ? ['', ...r.buttons.map((b) => `[ ${b} ]`)] : [])].join('\n');
  const row = (s: string) => `│ ${s.padEnd(w)} │`;
  const center = (s: string) => row(' '.repeat(Math.max(0, Math.floor((w - s.length) / 2))) + s);
  const rule = '─'.repeat(w + 2);
  return [
    `╭${rule}╮`,
    ...message.map(row),
    ...r.buttons.flatMap((b) => [`├${rule}┤`, ...wrap(b, w).map(center)]),
    `╰${rule}╯`,
  ].join('\n');
}
