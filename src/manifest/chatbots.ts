// Chatbots (docs/service-api.md 4.14): knowledge bases, training, URL scraping, documents.
import { idArg, listCommand, getCommand, deleteOneCommand, objectActionCommand } from './common.js';
import type { CmdSpec } from './types.js';
import { EXTRACT_DOC_OPTIONS } from '../commands/chatbots/options.js';

export const chatbots: CmdSpec = {
  name: 'chatbots',
  summary: 'Chatbots: knowledge bases, training, URL scraping, documents',
  subcommands: [
    listCommand('chatbots', 'chatbots.list', 'chatbots', { columns: ['_id', 'name', 'status', 'knowledge_sources', 'last_trained_at'], drop: ['last_trained_at', 'knowledge_sources'], cut: ['name'] }),
    getCommand('chatbots', 'chatbots.get', 'a chatbot', 'CHATBOT_ID'),
    {
      name: 'create',
      summary: 'Create a chatbot',
      options: [{ flags: '--name <name>', description: 'chatbot name' }],
      op: { id: 'chatbots.create', data: true, fields: { name: 'name' } },
      examples: ['chatcrm chatbots create --name "Support bot"', 'chatcrm chatbots create --data \'{"name":"FAQ","language":"en"}\''],
    },
    {
      name: 'update',
      summary: 'Update a chatbot',
      args: [idArg('CHATBOT_ID', 'chatbot id')],
      options: [{ flags: '--name <name>', description: 'new name' }],
      op: { id: 'chatbots.update', data: true, fields: { name: 'name' } },
      examples: ['chatcrm chatbots update CHATBOT_ID --name "Help desk bot"'],
    },
    deleteOneCommand('chatbots', 'chatbots.delete', 'a chatbot', 'CHATBOT_ID'),
    objectActionCommand('chatbots', 'train', 'chatbots.train', 'Train a chatbot on its knowledge sources', 'CHATBOT_ID'),
    {
      name: 'scrape',
      summary: 'Scrape a URL into a knowledge base',
      options: [
        { flags: '--url <url>', description: 'http(s) address of the page' },
        { flags: '--chatbot <id>', description: 'chatbot whose knowledge base gets the page (sent as chatbot_id)' },
      ],
      op: { id: 'chatbots.scrape', data: true, fields: { url: 'url', chatbot: 'chatbot_id' } },
      examples: ['chatcrm chatbots scrape --url https://example.com/faq', 'chatcrm chatbots scrape --url https://example.com/pricing --chatbot CHATBOT_ID'],
    },
    {
      name: 'extract-doc',
      summary: 'Upload a document and extract its text (multipart field file)',
      args: [{ name: 'FILE', description: 'local document (pdf, docx, txt, ...)', required: true }],
      options: EXTRACT_DOC_OPTIONS,
      load: () => import('../commands/chatbots/extract-doc.js'),
      examples: ['chatcrm chatbots extract-doc ./handbook.pdf', 'chatcrm chatbots extract-doc faq.txt --chatbot CHATBOT_ID --json'],
    },
  ],
};
