// Currencies (docs/service-api.md 4.9): exactly one default, which stays active.
import { created, fail, notFound, ok, paged, validate, type AreaModule, type Handler } from '../http.js';
import type { Doc, Store } from '../store.js';
import { deleteMany, getOne, seq } from '../resource.js';
import * as schemas from '../../schemas/currencies.js';

const RATES_PER_USD: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, INR: 83.1, JPY: 151.4, AED: 3.67, BRL: 5.05, CAD: 1.36 };

const currencyCreate: Handler = (req, { store }) => {
  const p = validate(schemas.currencyCreate, req.body);
  if ('reply' in p) return p.reply;
  if (store.list('currencies', (c) => c.code === p.data.code).length) return fail(409, `Currency ${p.data.code} already exists`);
  // A rate given on create is kept (workspace sync copies one); else the sandbox's table gives it.
  const rate = typeof p.data.exchange_rate === 'number' ? p.data.exchange_rate : (RATES_PER_USD[p.data.code] ?? 1);
  return created(store.insert('currencies', { ...p.data, exchange_rate: rate, is_active: true, is_default: false }), 'Currency created successfully');
};

const currencyUpdate: Handler = (req, { store }) => {
  const p = validate(schemas.currencyUpdate, req.body);
  if ('reply' in p) return p.reply;
  const id = req.params.currency_id;
  if (!store.get('currencies', id)) return notFound('Currency');
  if (p.data.code && store.list('currencies', (c) => c._id !== id && c.code === p.data.code).length) return fail(409, `Currency ${p.data.code} already exists`);
  return ok(store.update('currencies', id, p.data), 'Currency updated successfully');
};

const exchangeRate: Handler = (_req, { store }) => {
  const base = store.list('currencies', (c) => c.is_default === true)[0];
  const baseRate = RATES_PER_USD[String(base?.code)] ?? 1;
  const rates = Object.fromEntries(store.list('currencies', (c) => c.is_active === true).map((c) => [c.code, Math.round(((RATES_PER_USD[String(c.code)] ?? Number(c.exchange_rate) ?? 1) / baseRate) * 10000) / 10000]));
  return ok({ base: base?.code ?? 'USD', rates, updated_at: new Date().toISOString() }, 'Exchange rates fetched successfully');
};

const toggleStatus: Handler = (req, { store }) => {
  const c = store.get('currencies', req.params.currency_id);
  if (!c) return notFound('Currency');
  if (c.is_default && c.is_active) return fail(400, 'The default currency cannot be deactivated; make another currency the default first');
  return ok(store.update('currencies', c._id, { is_active: !c.is_active }), `Currency ${c.is_active ? 'deactivated' : 'activated'}`);
};

/** Exactly one default: the chosen currency becomes it (and active); the others stop being. */
const toggleDefault: Handler = (req, { store }) => {
  const c = store.get('currencies', req.params.currency_id);
  if (!c) return notFound('Currency');
  for (const other of store.list('currencies', (o) => o.is_default === true && o._id !== c._id)) store.update('currencies', other._id, { is_default: false });
  return ok(store.update('currencies', c._id, { is_default: true, is_active: true }), `${String(c.code)} is now the default currency`);
};

const keepDefault = (_store: Store, docs: Doc[]) => (docs.some((d) => d.is_default) ? fail(400, 'The default currency cannot be deleted') : undefined);

/** Three-letter codes AAA, AAB, ... not yet taken: currency codes are ISO-style. */
function* freeCodes(store: Store): Generator<string> {
  const taken = new Set(store.list('currencies').map((c) => String(c.code)));
  const letter = (n: number) => String.fromCharCode(65 + (Math.floor(n) % 26));
  for (let n = 0; n < 26 ** 3; n++) {
    const code = letter(n / 676) + letter(n / 26) + letter(n);
    if (!taken.has(code)) yield code;
  }
}
function seed(store: Store): void {
  store.insert('currencies', { code: 'USD', name: 'US Dollar', symbol: '$', exchange_rate: 1, is_active: true, is_default: true });
  store.insert('currencies', { code: 'EUR', name: 'Euro', symbol: '€', exchange_rate: 0.92, is_active: true, is_default: false });
  store.insert('currencies', { code: 'INR', name: 'Indian Rupee', symbol: '₹', exchange_rate: 83.1, is_active: false, is_default: false });
}

/** `--seed-records N`: N currencies, as many as there are free codes (17,573). */
function bulk(store: Store, n: number): void {
  const codes = freeCodes(store);
  for (let i = 0; i < n; i++) {
    const code = codes.next();
    if (!code.done) store.insert('currencies', { code: code.value, name: `Currency ${seq(i)}`, symbol: code.value, exchange_rate: 1 + (i % 100) / 10, is_active: true, is_default: false });
  }
}
export const area: AreaModule = {
  handlers: {
    'currencies.list': (req, { store }) => paged(store.list('currencies'), req.query, { searchFields: ['code', 'name'] }),
    'currencies.exchangeRate': exchangeRate,
    'currencies.get': getOne('currencies', 'Currency', 'currency_id'),
    'currencies.create': currencyCreate,
    'currencies.update': currencyUpdate,
    'currencies.deleteMany': deleteMany('currencies', 'Currency', keepDefault),
    'currencies.toggleStatus': toggleStatus,
    'currencies.toggleDefault': toggleDefault,
  },
  seed,
  bulk,
};
