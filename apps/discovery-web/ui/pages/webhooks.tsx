// Webhooks: list, register, delete, send a test event, and the deliveries of one webhook
// (status, attempts, last error), ten to a page with the API's cursor; a disabled webhook is
// switched back on with POST /v1/webhooks/{id}/enable.
import { useEffect, useState } from 'preact/hooks';
import { settle, unwrap, type Schemas } from '../api/client';
import { Head, Problem } from '../components/bits';
import { dateTime } from '../format';
import type { Shared } from '../store';

type Webhook = Schemas['Webhook'];
type DeliveryPage = Schemas['WebhookDeliveryList'];
const PAGE = 10;
// Typed against the API's schema (one list, in @disc/webhooks): a new event fails to compile
// here until it is offered.
const EVENT_OFFERED = { grade_change: true, new_discovery: true } satisfies Record<
  Schemas['WebhookRequest']['events'][number],
  true
>;
const EVENTS = Object.keys(EVENT_OFFERED) as Schemas['WebhookRequest']['events'];

export function Webhooks({ shared }: { shared: Shared }) {
  const [hooks, setHooks] = useState<Webhook[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [status, setStatus] = useState('');
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [form, setForm] = useState({ url: '', secret: '', symbols: '', events: new Set<string>(EVENTS) });

  const reload = () => settle(shared.api.webhooks.list()).then(setHooks).catch(setError);
  useEffect(() => {
    void reload();
  }, []);

  const act = async (what: () => Promise<string>) => {
    setError(undefined);
    try {
      setStatus(await what());
    } catch (problem) {
      setStatus('');
      setError(problem);
    }
  };
  const create = (event: Event) => {
    event.preventDefault();
    void act(async () => {
      const symbols = form.symbols
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter((s) => s !== '');
      const body: Schemas['WebhookRequest'] = {
        url: form.url.trim(),
        secret: form.secret,
        events: [...form.events] as Schemas['WebhookRequest']['events'],
        ...(symbols.length === 0 ? {} : { symbols }),
      };
      const created = await settle(shared.api.webhooks.create(body));
      setForm({ ...form, url: '', secret: '', symbols: '' });
      await reload();
      return `Registered ${created.url}.`;
    });
  };
  const remove = (hook: Webhook) =>
    act(async () => {
      await settle(shared.api.webhooks.delete(hook.id));
      if (selected === hook.id) setSelected(undefined);
      await reload();
      return `Deleted the webhook to ${hook.url}.`;
    });
  const test = (hook: Webhook) =>
    act(async () => {
      const sent = await unwrap(shared.api.http.POST('/v1/webhooks/{id}/test', { params: { path: { id: hook.id } } }));
      setSelected(hook.id);
      return `Queued test event ${sent.event_id} to ${hook.url}.`;
    });
  const enable = (hook: Webhook) =>
    act(async () => {
      await settle(shared.api.webhooks.enable(hook.id));
      await reload();
      return `Enabled the webhook to ${hook.url} again.`;
    });

  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <Problem error={error} />
      <p role="status" class="status">
        {status}
      </p>
      <button type="button" onClick={() => void reload()}>
        Refresh the list
      </button>
      {hooks === undefined ? (
        error === undefined ? (
          <p>Loading…</p>
        ) : null
      ) : hooks.length === 0 ? (
        <p>No webhooks registered for this token.</p>
      ) : (
        <table class="hooks">
          <caption>Registered webhooks</caption>
          <Head columns={['URL', 'Events', 'Symbols', 'State', 'Created', 'Actions']} />
          <tbody>
            {hooks.map((h) => (
              <tr key={h.id} data-hook={h.url}>
                <td>{h.url}</td>
                <td>{h.events.join(', ')}</td>
                <td>{h.symbols === null ? 'all' : h.symbols.join(', ')}</td>
                <td>
                  {h.active
                    ? `active (${h.failure_count} failed in a row)`
                    : `disabled ${dateTime(h.disabled_at)}: ${h.disabled_reason ?? 'no reason given'}`}
                </td>
                <td>{dateTime(h.created_at)}</td>
                <td class="actions">
                  <button type="button" onClick={() => setSelected(h.id)}>
                    Deliveries<span class="visually-hidden"> of {h.url}</span>
                  </button>
                  <button type="button" onClick={() => void test(h)}>
                    Send test<span class="visually-hidden"> to {h.url}</span>
                  </button>
                  {h.active ? null : (
                    <button type="button" onClick={() => void enable(h)}>
                      Enable again<span class="visually-hidden"> {h.url}</span>
                    </button>
                  )}
                  <button type="button" class="danger" onClick={() => void remove(h)}>
                    Delete<span class="visually-hidden"> {h.url}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {selected === undefined ? null : <Deliveries key={selected} shared={shared} id={selected} />}
      <form class="hook-form" onSubmit={create} aria-labelledby="hook-form-title">
        <h2 id="hook-form-title">Register a webhook</h2>
        <div class="fields">
          <div class="field wide">
            <label for="hook-url">
              Receiver URL (https; http://127.0.0.1 only when the server allows loopback webhooks)
            </label>
            <input
              id="hook-url"
              type="url"
              required
              value={form.url}
              onInput={(e) => setForm({ ...form, url: (e.target as HTMLInputElement).value })}
            />
          </div>
          <div class="field">
            <label for="hook-secret">Signing secret (16 to 256 characters)</label>
            <input
              id="hook-secret"
              type="password"
              autocomplete="new-password"
              required
              minLength={16}
              maxLength={256}
              value={form.secret}
              onInput={(e) => setForm({ ...form, secret: (e.target as HTMLInputElement).value })}
            />
          </div>
          <div class="field">
            <label for="hook-symbols">Symbols (comma-separated; empty: all)</label>
            <input
              id="hook-symbols"
              type="text"
              value={form.symbols}
              onInput={(e) => setForm({ ...form, symbols: (e.target as HTMLInputElement).value })}
            />
          </div>
          <fieldset>
            <legend>Events</legend>
            {EVENTS.map((ev) => (
              <span class="field-check" key={ev}>
                <input
                  id={`ev-${ev}`}
                  type="checkbox"
                  checked={form.events.has(ev)}
                  onChange={(e) => {
                    const next = new Set(form.events);
                    if ((e.target as HTMLInputElement).checked) next.add(ev);
                    else next.delete(ev);
                    setForm({ ...form, events: next });
                  }}
                />
                <label for={`ev-${ev}`}>{ev}</label>
              </span>
            ))}
          </fieldset>
        </div>
        <button type="submit">Register</button>
      </form>
    </section>
  );
}

function Deliveries({ shared, id }: { shared: Shared; id: string }) {
  // The API pages with a cursor: `cursors[i]` is the `after` of page i (page 0 has none).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState(0);
  const [answer, setAnswer] = useState<DeliveryPage | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const load = (at: number) => {
    setError(undefined);
    const after = cursors[at];
    return settle(shared.api.webhooks.deliveries(id, { limit: PAGE, ...(after === undefined ? {} : { after }) }))
      .then((next) => {
        setAnswer(next);
        setPage(at);
        const known = cursors.slice(0, at + 1);
        setCursors(next.next_cursor === null || next.next_cursor === undefined ? known : [...known, next.next_cursor]);
      })
      .catch(setError);
  };
  useEffect(() => {
    void load(0);
  }, [id]);
  const list = answer?.data;
  const hasNext = cursors.length > page + 1;
  return (
    <section class="deliveries" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Deliveries</h2>
      <button type="button" onClick={() => void load(0)}>
        Refresh deliveries
      </button>
      <Problem error={error} />
      {list === undefined ? null : list.length === 0 && page === 0 ? (
        <p>No deliveries yet.</p>
      ) : (
        <>
          <table>
            <caption>
              Newest first, {PAGE} to a page; page {page + 1}
              {hasNext ? '' : ' (the last)'}
            </caption>
            <Head columns={['Event', 'Status', 'Attempts', 'Last HTTP status', 'Last error', 'Updated']} />
            <tbody>
              {list.map((d) => (
                <tr key={d.id}>
                  <td>{d.event}</td>
                  <td class={`delivery-${d.status}`}>{d.status}</td>
                  <td>{d.attempt_count}</td>
                  <td>{d.last_status ?? '–'}</td>
                  <td>{d.last_error ?? '–'}</td>
                  <td>{dateTime(d.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav class="pager" aria-label="Delivery pages">
            <button type="button" disabled={page === 0} onClick={() => void load(page - 1)}>
              Previous page
            </button>
            <button type="button" disabled={!hasNext} onClick={() => void load(page + 1)}>
              Next page
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
