// Subscription (docs/service-api.md 4.10): plans, the current subscription and its usage, and the routes
// gated by plan features outside the spec's tables (/api/api-keys, /api/message-bots).
import { randomBytes } from 'node:crypto';
import { created, fail, notFound, ok, validate, type AreaModule, type Handler } from '../http.js';
import { currentSubscription, requireFeature, sentMessages } from '../domain.js';
import type { Doc, Store } from '../store.js';
import * as schemas from '../../schemas/subscription.js';

const plan = (store: Store, id: unknown) => store.list('plans', (p) => p.plan_id === id || p._id === id)[0];

export function usage(store: Store, p: Doc | undefined) {
  const limits = (p?.limits as Record<string, number>) ?? {};
  const used: Record<string, number> = {
    contacts: store.list('contacts').length,
    messages: sentMessages(store).length,
    campaigns: store.list('campaigns').length,
    segments: store.list('segments').length,
    tags: store.list('tags').length,
  };
  return Object.fromEntries(Object.entries(used).map(([k, v]) => [k, { used: v, limit: limits[k] ?? null }]));
}

const subscriptionShow: Handler = (_req, { store }) => {
  const current = currentSubscription(store);
  // After a cancel the latest subscription still shows, with its status.
  const sub = current?.subscription ?? store.list('subscriptions').at(-1);
  if (!sub) return fail(404, 'No subscription found');
  const p = plan(store, sub.plan_id);
  return ok({ subscription: sub, plan: p, features: p?.features ?? [], usage: usage(store, p) }, 'Subscription fetched successfully');
};

const subscriptionUsage: Handler = (_req, { store }) => {
  const current = currentSubscription(store);
  if (!current) return fail(403, 'Active subscription required. Please subscribe to a plan to continue.');
  return ok({ plan_id: current.plan.plan_id, usage: usage(store, current.plan) }, 'Usage fetched successfully');
};

const checkoutUrl: Handler = (req, { store }) => {
  const id = req.query.plan_id;
  if (id !== undefined && !plan(store, id)) return notFound('Plan');
  const session = randomBytes(8).toString('hex');
  return ok({ url: `https://checkout.sandbox.test/session/${session}${id ? `?plan=${encodeURIComponent(id)}` : ''}`, plan_id: id ?? null }, 'Checkout URL generated');
};

const subscriptionCreate = (gateway: string): Handler => (req, { store }) => {
  const p = validate(schemas.subscriptionCreate, req.body);
  if ('reply' in p) return p.reply;
  const chosen = plan(store, p.data.plan_id);
  if (!chosen) return notFound('Plan');
  if (currentSubscription(store)) return fail(409, 'An active subscription already exists; cancel it first');
  const now = new Date();
  const sub = store.insert('subscriptions', {
    plan_id: chosen.plan_id,
    gateway,
    gateway_subscription_id: `${gateway}_sub_${randomBytes(6).toString('hex')}`,
    status: 'active',
    cancel_at_period_end: false,
    current_period_start: now.toISOString(),
    current_period_end: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
  });
  return created({ subscription: sub, plan: chosen }, `Subscribed to ${String(chosen.name)} through ${gateway}`);
};

const cancel: Handler = (req, { store }) => {
  const sub = store.get('subscriptions', req.params.subscription_id);
  if (!sub) return notFound('Subscription');
  if (sub.status !== 'active' && sub.status !== 'trialing') return fail(400, `Subscription is ${String(sub.status)}, not active`);
  return ok(store.update('subscriptions', sub._id, { status: 'cancelled', cancel_at_period_end: true, cancelled_at: new Date().toISOString() }), 'Subscription cancelled');
};

const resume: Handler = (req, { store }) => {
  const sub = store.get('subscriptions', req.params.subscription_id);
  if (!sub) return notFound('Subscription');
  if (sub.status !== 'cancelled') return fail(400, `Subscription is ${String(sub.status)}, not cancelled`);
  if (currentSubscription(store)) return fail(409, 'Another subscription is active');
  return ok(store.update('subscriptions', sub._id, { status: 'active', cancel_at_period_end: false, cancelled_at: null }), 'Subscription resumed');
};

const gated = (feature: string, handler: Handler): Handler => (req, env) => requireFeature(env.store, feature) ?? handler(req, env);

const apiKeysList: Handler = (_req, { store }) => ok(store.list('api_keys').map(({ key_hash: _h, ...k }) => k), 'API keys fetched successfully');

const apiKeysCreate: Handler = (req, { store }) => {
  const name = (req.body as { name?: unknown } | undefined)?.name;
  if (typeof name !== 'string' || !name.trim()) return fail(400, 'Validation failed', ['name: is required']);
  const key = randomBytes(32).toString('hex');
  const { key_hash: _h, ...doc } = store.insert('api_keys', { name, prefix: key.slice(0, 6), key_hash: key.slice(6) });
  return created({ ...doc, key }, 'API key created; it is shown only once');
};

const messageBots: Handler = (_req, { store }) => ok(store.list('message_bots'), 'Message bots fetched successfully');
function seed(store: Store): void {
  store.insert('plans', { plan_id: 'plan_free', name: 'Free', price: 0, currency: 'USD', interval: 'month', features: ['contacts', 'campaigns'], limits: { contacts: 100, messages: 1000, campaigns: 2 } });
  store.insert('plans', {
    plan_id: 'plan_pro',
    name: 'Pro',
    price: 49,
    currency: 'USD',
    interval: 'month',
    features: ['contacts', 'campaigns', 'rest_api', 'auto_replies', 'chatbots', 'teams', 'custom_fields'],
    limits: { contacts: 10000, messages: 100000, campaigns: 100 },
  });
  store.insert('plans', {
    plan_id: 'plan_business',
    name: 'Business',
    price: 199,
    currency: 'USD',
    interval: 'month',
    features: ['contacts', 'campaigns', 'rest_api', 'auto_replies', 'chatbots', 'teams', 'custom_fields', 'priority_support'],
    limits: { contacts: 100000, messages: 1000000, campaigns: 1000 },
  });
  const now = Date.now();
  store.insert('subscriptions', {
    plan_id: 'plan_pro',
    gateway: 'gatewayone',
    gateway_subscription_id: 'gatewayone_sub_seed',
    status: 'active',
    cancel_at_period_end: false,
    current_period_start: new Date(now - 10 * 86_400_000).toISOString(),
    current_period_end: new Date(now + 20 * 86_400_000).toISOString(),
  });
  store.insert('message_bots', { name: 'Welcome bot', keyword: 'hi', is_active: true });
}
export const area: AreaModule = {
  handlers: {
    'subscription.show': subscriptionShow,
    'subscription.usage': subscriptionUsage,
    'subscription.checkoutUrl': checkoutUrl,
    'subscription.createGatewayone': subscriptionCreate('gatewayone'),
    'subscription.createGatewaytwo': subscriptionCreate('gatewaytwo'),
    'subscription.createGatewaythree': subscriptionCreate('gatewaythree'),
    'subscription.cancel': cancel,
    'subscription.resume': resume,
  },
  routes: [
    { method: 'GET', path: '/api/api-keys', handler: gated('rest_api', apiKeysList) },
    { method: 'POST', path: '/api/api-keys', handler: gated('rest_api', apiKeysCreate) },
    { method: 'GET', path: '/api/message-bots', handler: gated('auto_replies', messageBots) },
  ],
  seed,
};
