// Floor of `chatcrm chat send` with the libraries the product is built on: commander parses the
// flags, the chat request schema (zod/mini, the CLI's own) checks the message, node:http sends it.
// No profile, no settings, no output formatting: what any CLI on these libraries pays.
import { Command } from 'commander';
import { request } from 'node:http';
import { sendRequest } from '../../src/schemas/chat.js';

const program = new Command('chatcrm');
program
  .command('send')
  .requiredOption('--to <digits>')
  .requiredOption('--text <body>')
  .requiredOption('--sender <id>')
  .action((o: { to: string; text: string; sender: string }) => {
    const body = JSON.stringify(sendRequest.parse({ sender_id: o.sender, to: o.to, message: { type: 'text', text: { body: o.text } } }));
    const url = new URL('/api/v2/chat/messages', process.env.CHATCRM_BASE_URL);
    const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'x-api-key': process.env.CHATCRM_API_KEY ?? '' };
    const req = request(url, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        process.stdout.write(`${Buffer.concat(chunks)}\n`);
        if (!res.statusCode || res.statusCode > 299) process.exitCode = 1;
      });
    });
    req.on('error', (err) => {
      process.stderr.write(`${err.message}\n`);
      process.exitCode = 1;
    });
    req.end(body);
  });
program.parse();
