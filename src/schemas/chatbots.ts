// Request schemas of Chatbots (docs/service-api.md 4.14).
import * as z from 'zod/mini';
import { notEmpty, text } from './common.js';

const id = text();

export const chatbotCreate = z.looseObject({ name: text() });

export const chatbotUpdate = z.looseObject({ name: z.optional(text()) }).check(notEmpty);

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

const httpUrl = z.string('is required').check(z.refine(isHttpUrl, 'must be an http(s) URL'));

export const scrapeRequest = z.looseObject({ url: httpUrl, chatbot_id: z.optional(id) });
