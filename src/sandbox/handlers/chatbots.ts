// Chatbots (docs/service-api.md 4.14) and their knowledge sources.
import { extname } from 'node:path';
import { created, fail, notFound, ok, validate, type AreaModule, type Handler } from '../http.js';
import type { Doc, Store } from '../store.js';
import { now, resource, seq } from '../resource.js';
import * as schemas from '../../schemas/chatbots.js';

const chatbots = resource({
  collection: 'chatbots',
  names: ['Chatbot', 'chatbots'],
  unique: 'name',
  create: schemas.chatbotCreate,
  update: schemas.chatbotUpdate,
  defaults: { status: 'untrained', last_trained_at: null, training_runs: 0, knowledge_sources: 0 },
});

const sourcesOf = (store: Store, botId: string) => store.list('knowledge_sources', (s) => s.chatbot_id === botId);

/** A new source makes a trained chatbot stale until it is trained again. */
function addSource(store: Store, chatbotId: string | undefined, fields: Record<string, unknown>): Doc {
  const source = store.insert('knowledge_sources', { chatbot_id: chatbotId ?? null, status: 'processed', ...fields });
  if (chatbotId) {
    const bot = store.get('chatbots', chatbotId)!;
    store.update('chatbots', chatbotId, { knowledge_sources: sourcesOf(store, chatbotId).length, status: bot.status === 'trained' ? 'needs_training' : bot.status });
  }
  return source;
}

const chatbotGet: Handler = (req, { store }) => {
  const bot = store.get('chatbots', req.params.chatbot_id);
  if (!bot) return notFound('Chatbot');
  const sources = sourcesOf(store, bot._id).map(({ _id, type, url, file_name, status }) => ({ _id, type, url, file_name, status }));
  return ok({ ...bot, sources }, 'Chatbot fetched successfully');
};

const train: Handler = (req, { store }) => {
  const bot = store.get('chatbots', req.params.chatbot_id);
  if (!bot) return notFound('Chatbot');
  const sources = sourcesOf(store, bot._id).length;
  const updated = store.update('chatbots', bot._id, { status: 'trained', last_trained_at: now(), training_runs: Number(bot.training_runs ?? 0) + 1, knowledge_sources: sources });
  return ok(updated, `Chatbot trained on ${sources} knowledge source${sources === 1 ? '' : 's'}`);
};

/** The sandbox never fetches the page: it records the URL as a knowledge source. */
const scrape: Handler = (req, { store }) => {
  const v = validate(schemas.scrapeRequest, req.body);
  if ('reply' in v) return v.reply;
  const { url, chatbot_id } = v.data;
  if (chatbot_id && !store.get('chatbots', chatbot_id)) return notFound('Chatbot');
  const u = new URL(url);
  return created(addSource(store, chatbot_id, { type: 'url', url, title: `${u.hostname}${u.pathname}`, fetched: false }), 'URL scraped successfully');
};

const TEXT_TYPES = new Set(['.txt', '.md', '.csv', '.json']);

const MAX_DOC = 10 * 1024 * 1024;

const extractDoc: Handler = (req, { store }) => {
  const file = req.form?.files.file;
  if (!req.form) return fail(400, 'Expected multipart/form-data with a file field');
  if (!file) return fail(400, 'Validation failed', ['file: is required']);
  if (file.size > MAX_DOC) return fail(400, 'File too large (max 10 MB)');
  const chatbotId = req.form.fields.chatbot_id || undefined;
  if (chatbotId && !store.get('chatbots', chatbotId)) return notFound('Chatbot');
  const isText = file.contentType.startsWith('text/') || TEXT_TYPES.has(extname(file.filename).toLowerCase());
  const text = isText ? file.data.toString('utf8') : '';
  const source = addSource(store, chatbotId, {
    type: 'document',
    file_name: file.filename,
    file_size: file.size,
    mime_type: file.contentType,
    text: text.slice(0, 20_000),
    characters: text.length,
    extracted: isText,
  });
  return created(source, isText ? 'Document text extracted' : `Document stored; text extraction of ${file.contentType} is not simulated by the sandbox`);
};
function seed(store: Store): void {
  store.insert('chatbots', { name: 'FAQ bot', status: 'untrained', last_trained_at: null, training_runs: 0, knowledge_sources: 0 });
}

function bulk(store: Store, n: number): void {
  for (let i = 0; i < n; i++) store.insert('chatbots', { name: `Bot ${seq(i)}`, status: 'untrained', last_trained_at: null, training_runs: 0, knowledge_sources: 0 });
}
export const area: AreaModule = {
  handlers: {
    'chatbots.list': chatbots.list,
    'chatbots.get': chatbotGet,
    'chatbots.create': chatbots.create,
    'chatbots.update': chatbots.update,
    'chatbots.delete': chatbots.remove,
    'chatbots.train': train,
    'chatbots.scrape': scrape,
    'chatbots.extractDoc': extractDoc,
  },
  seed,
  bulk,
};
