// Chat area (docs/service-api.md 4.1): senders, sends of all eight types (JSON or multipart), groups.
import { ok, fail, invalid, notFound, paged, type AreaModule, type Handler, type SandboxReply } from '../http.js';
import { droppedNotFound, findMessage, findTemplate, recordMessage, templateVariableCount } from '../domain.js';
import { groupRequest, sendFileRequest, sendRequest } from '../../schemas/chat.js';
import { problemsOf } from '../../schemas/problems.js';
import type { Doc, Store } from '../store.js';

const MAX_UPLOAD = 16 * 1024 * 1024;

const findSender = (store: Store, id: string) => store.list('senders', (s) => s.sender_id === id)[0];

const senders: Handler = (req, { store }) => paged(store.list('senders'), req.query, { message: 'Senders fetched successfully' });

/** What the real service checks beyond the body's shape: templates and reacted-to messages exist. */
function checkReferences(store: Store, message: Record<string, unknown>): SandboxReply | undefined {
  if (message.type === 'template') {
    const t = message.template as { template_id: string; body_variables?: string[] };
    const template = findTemplate(store, t.template_id);
    if (!template) return fail(400, `Template ${t.template_id} not found`, [`message.template.template_id: unknown template ${t.template_id}`]);
    const want = templateVariableCount(template);
    const got = t.body_variables?.length ?? 0;
    if (want !== got) {
      return fail(400, 'Template variables do not match', [`message.template.body_variables: template ${t.template_id} has ${want} variable(s), got ${got}`]);
    }
  }
  if (message.type === 'reaction') {
    const id = (message.reaction as { message_id: string }).message_id;
    if (!findMessage(store, id)) return droppedNotFound(store, [id]) ?? notFound(`Message ${id}`);
  }
  return undefined;
}

/** The multipart form: sender_id, to, message (a JSON string) and the file. */
function fromForm(form: NonNullable<Parameters<Handler>[0]['form']>): { body: unknown } | SandboxReply {
  let message: unknown;
  try {
    message = JSON.parse(form.fields.message ?? '');
  } catch {
    return fail(400, 'Validation failed', ['message: must be a JSON string']);
  }
  const file = form.files.file;
  if (!file) return fail(400, 'Validation failed', ['file: is required in a multipart send']);
  if (file.size > MAX_UPLOAD) return fail(413, 'File too large (16 MB maximum)');
  const r = sendFileRequest.safeParse({ sender_id: form.fields.sender_id, to: form.fields.to, message });
  if (!r.success) return invalid(problemsOf(r.error));
  const m = r.data.message as Record<string, unknown>;
  const type = m.type as string;
  const media = { ...(m[type] as object), id: `media_${file.size}_${Date.now().toString(36)}`, file: { filename: file.filename, mime_type: file.contentType, size: file.size } };
  return { body: { ...r.data, message: { type, [type]: media } } };
}

const send: Handler = (req, { store, events }) => {
  let body = req.body;
  if (req.form) {
    const parsed = fromForm(req.form);
    if ('status' in parsed) return parsed;
    body = parsed.body;
  } else {
    const r = sendRequest.safeParse(req.body);
    if (!r.success) return invalid(problemsOf(r.error));
    body = r.data;
  }
  const { sender_id, to, message } = body as { sender_id: string; to: string; message: Record<string, unknown> };
  if (!findSender(store, sender_id)) return notFound(`Sender ${sender_id}`);
  const refused = checkReferences(store, message);
  if (refused) return refused;
  const doc = recordMessage(store, { sender_id, to, message }, events);
  return ok({ message_id: doc.message_id, status: doc.status, to, sender_id, type: doc.type }, 'Message sent successfully');
};

/** Group routes need a Scan Device sender with group_messaging, as the service enforces. */
function groupSender(store: Store, id: string | undefined): Doc | SandboxReply {
  if (!id) return fail(400, 'Validation failed', ['sender_id: is required']);
  const sender = findSender(store, id);
  if (!sender) return notFound(`Sender ${id}`);
  const caps = sender.capabilities as { group_messaging?: boolean } | undefined;
  if (sender.kind !== 'scan_device' || !caps?.group_messaging) {
    return fail(403, `Sender ${id} cannot use groups: a connected Scan Device sender with group_messaging is required`);
  }
  return sender;
}

const isReply = (v: Doc | SandboxReply): v is SandboxReply => !('_id' in v);

const groupsOf = (store: Store, senderId: string) => store.list('groups', (g) => g.sender_id === senderId);

const groups: Handler = (req, { store }) => {
  const sender = groupSender(store, req.query.sender_id);
  if (isReply(sender)) return sender;
  const list = groupsOf(store, req.query.sender_id).map(({ members, ...g }) => ({ ...g, member_count: (members as unknown[]).length }));
  return paged(list, req.query, { message: 'Groups fetched successfully' });
};

const members: Handler = (req, { store }) => {
  const sender = groupSender(store, req.query.sender_id);
  if (isReply(sender)) return sender;
  const group = groupsOf(store, req.query.sender_id).find((g) => g.group_id === req.params.group_id);
  if (!group) return notFound(`Group ${req.params.group_id}`);
  return paged(group.members as Record<string, unknown>[], req.query, { message: 'Group members fetched successfully' });
};

const groupSend: Handler = (req, { store, events }) => {
  const r = groupRequest.safeParse(req.body);
  if (!r.success) return invalid(problemsOf(r.error));
  const sender = groupSender(store, r.data.sender_id);
  if (isReply(sender)) return sender;
  const { group_id, group_name, message, mentions } = r.data;
  const group = groupsOf(store, r.data.sender_id).find((g) => (group_id ? g.group_id === group_id : g.name === group_name));
  if (!group) return notFound(`Group ${group_id ?? group_name}`);
  const memberPhones = new Set((group.members as { phone_number: string }[]).map((m) => m.phone_number));
  const strangers = (mentions ?? []).filter((m) => !memberPhones.has(m));
  if (strangers.length) return fail(400, 'Validation failed', strangers.map((m) => `mentions: ${m} is not a member of the group`));
  const doc = recordMessage(store, { sender_id: r.data.sender_id, to: String(group.group_id), group_id: String(group.group_id), message: { ...message, mentions }, via: 'group' }, events);
  return ok({ message_id: doc.message_id, status: doc.status, group_id: group.group_id, group_name: group.name }, 'Group message sent successfully');
};

const member = (phone_number: string, name: string, is_admin = false) => ({ phone_number, name, is_admin });
const seq = (i: number) => String(i + 1).padStart(6, '0');

/** `--seed-records N`: N more senders, and N more groups of the Scan Device sender, the first with N members. */
function bulk(store: Store, n: number): void {
  const admin = member('15550002222', 'Sales phone', true);
  for (let i = 0; i < n; i++) {
    store.insert('senders', { sender_id: `wa_snd_seed_${seq(i)}`, name: `Seed line ${seq(i)}`, kind: 'cloud_api', phone_number: `1556${seq(i)}`, status: 'active', capabilities: { group_messaging: false } });
    const members = i === 0 ? [admin, ...Array.from({ length: n }, (_, j) => member(`1557${seq(j)}`, `Member ${seq(j)}`))] : [admin];
    store.insert('groups', { group_id: `120363050000${seq(i)}@g.us`, name: `Group ${seq(i)}`, sender_id: 'wa_snd_device_0002', description: `Generated group ${i + 1}`, members });
  }
}

function seed(store: Store): void {
  store.insert('senders', {
    sender_id: 'wa_snd_cloud_0001',
    name: 'Support line',
    kind: 'cloud_api',
    business_account_id: 'sandbox_waba_0001',
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
  store.insert('groups', {
    group_id: '120363040000000000@g.us',
    name: 'Sales team',
    sender_id: 'wa_snd_device_0002',
    description: 'Daily sales coordination',
    members: [member('15550002222', 'Sales phone', true), member('15551230001', 'Ada Lovelace'), member('15551230002', 'Alan Turing')],
  });
  store.insert('groups', {
    group_id: '120363040000000001@g.us',
    name: 'VIP customers',
    sender_id: 'wa_snd_device_0002',
    description: 'Early access offers',
    members: [member('15550002222', 'Sales phone', true), member('15551230003', 'Grace Hopper'), member('15551230004', 'Edsger Dijkstra'), member('15551230005', 'Barbara Liskov')],
  });
}

export const area: AreaModule = {
  handlers: {
    'chat.senders': senders,
    // Same method and path: the server routes both to the first, which reads either body.
    'chat.send': send,
    'chat.sendFile': send,
    'chat.groups': groups,
    'chat.groupMembers': members,
    'chat.groupSend': groupSend,
  },
  seed,
  bulk,
};
