// The floor of any Node CLI that sends chatcrm's one text message: the same POST that
// `chatcrm chat send --to 15551234567 --text hi --sender wa_snd_cloud_0001` makes, with
// node:http and nothing else (CommonJS, no argument parsing, no validation, prints the body).
// startup.bench.mjs runs it next to the CLI against the same sandbox.
const http = require('node:http');

const url = new URL('/api/v2/chat/messages', process.env.CHATCRM_BASE_URL);
const body = JSON.stringify({ sender_id: 'wa_snd_cloud_0001', to: '15551234567', message: { type: 'text', text: { body: 'hi' } } });
const req = http.request(
  url,
  {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-api-key': process.env.CHATCRM_API_KEY,
    },
  },
  (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => {
      process.stdout.write(`${Buffer.concat(chunks)}\n`);
      if (res.statusCode < 200 || res.statusCode > 299) process.exitCode = 1;
    });
  },
);
req.on('error', (err) => {
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
});
req.end(body);
