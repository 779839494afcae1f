// Chat area (spec 4.1): senders, sends, groups.
import { ok, fail, type AreaModule, type Handler } from '../http.js';
import { recordMessage } from '../domain.js';
import { sendRequest } from '../../schemas/chat.js';
import { problemsOf } from '../../schemas/index.js';
import type { Store } from '../store.js';

const senders: Handler = (_req, { store }) => ok(store.list('senders'), 'Senders fetched successfully');

const send: Handler = (req, { store }) => {
  const r = sendRequest.safeParse(req.body);
  if (!r.success) return fail(400, 'Validation failed', problemsOf(r.error).map((p) => `${p.path}: ${p.message}`));
  const { sender_id, to, message } = r.data;
  if (!store.list('senders', (s) => s.sender_id === sender_id).length) return fail(404, `Sender ${sender_id} not found`);
  const doc = recordMessage(store, { sender_id, to, message });
  return ok({ message_id: doc.message_id, status: doc.status, to, sender_id }, 'Message sent successfully');
};

function seed(store: Store): void {
  store.insert('senders', {
    sender_id: 'wa_snd_cloud_0001',
    name: 'Support line',
    kind: 'cloud_api',
    phone_number: '15550001111',
    status: 'active',
    capabilities: { group_messaging: false },
  });
  store.insert('senders', {
    sender_id: 'wa_snd_device_0002',
    name: 'Sales phone',
    kind: 'scan_device',
    phone_number: '15550002222',
    status: 'connected',
    capabilities: { group_messaging: true },
  });
}

export const area: AreaModule = {
  handlers: { 'chat.senders': senders, 'chat.send': send },
  seed,
};
