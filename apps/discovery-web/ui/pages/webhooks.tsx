// Webhooks: list, register, delete, send a test event, and the deliveries of one webhook
// (status, attempts, last error), ten to a page. The API has no re-enable route: a disabled
// webhook is registered again (the form is pre-filled from it; the secret is never echoed).
import { useEffect, useState } from 'preact/hooks';
import { unwrap, type Schemas } from '../api/client';
import { Head, Problem } from '../components/bits';
import { dateTime } from '../format';
import type { Shared } from '../store';

type Webhook = Schemas['Webhook'];
type Delivery = Schemas['WebhookDelivery'];
const PAGE = 10;
const EVENTS = ['grade_change', 'new_discovery'] as const;

export function Webhooks({ shared }: { shared: Shared }) {
  const [hooks, setHooks] = useState<Webhook[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [status, setStatus] = useState('');
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [form, setForm] = useState({ url: '', secret: '', symbols: '', events: new Set<string>(EVENTS) });

  const reload = () =>
    unwrap(shared.api.GET('/v1/webhooks'))
      .then((list) => setHooks(list.data))
      .catch(setError);
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
      const symbols = form.symbols.split(',').map((s) => s.trim().toUpperCase()).filter((s) => s !== '');
      const body: Schemas['WebhookRequest'] = {
        url: form.url.trim(),
        secret: form.secret,
        events: [...form.events] as Schemas['WebhookRequest']['events'],
        ...(symbols.length === 0 ? {} : { symbols }),
      };
      const created = await unwrap(shared.api.POST('/v1/webhooks', { body }));
      setForm({ ...form, url: '', secret: '', symbols: '' });
      await reload();
      return `Registered ${created.url}.`;
    });
  };
  const remove = (hook: Webhook) =>
    act(async () => {
      await unwrap(shared.api.DELETE('/v1/webhooks/{id}', { params: { path: { id: hook.id } } }));
      if (selected === hook.id) setSelected(undefined);
      await reload();
      return `Deleted the webhook to ${hook.url}.`;
    });
  const test = (hook: Webhook) =>
    act(async () => {
      const sent = await unwrap(shared.api.POST('/v1/webhooks/{id}/test', { params: { path: { id: hook.id } } }));
      setSelected(hook.id);
      return `Queued test event ${sent.event_id} to ${hook.url}.`;
    });
  const reRegister = (hook: Webhook) => {
    setForm({ url: hook.url, secret: '', symbols: (hook.symbols ?? []).join(', '), events: new Set(hook.events) });
    setStatus(`The form holds ${hook.url} again: enter a new secret and register it (the API has no re-enable route).`);
    document.getElementById('hook-secret')?.focus();
  };

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
        error === undefined ? <p>Loading…</p> : null
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
                <td>{h.active ? `active (${h.failure_count} failed in a row)` : `disabled ${dateTime(h.disabled_at)}: ${h.disabled_reason ?? 'no reason given'}`}</td>
                <td>{dateTime(h.created_at)}</td>
                <td class="actions">
                  <button type="button" onClick={() => setSelected(h.id)}>
                    Deliveries<span class="visually-hidden"> of {h.url}</span>
                  </button>
                  <button type="button" onClick={() => void test(h)}>
                    Send test<span class="visually-hidden"> to {h.url}</span>
                  </button>
                  {h.active ? null : (
                    <button type="button" onClick={() => reRegister(h)}>
                      Register again<span class="visually-hidden"> {h.url}</span>
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
            <label for="hook-url">Receiver URL (https; http://127.0.0.1 only when the server allows loopback webhooks)</label>
            <input id="hook-url" type="url" required value={form.url} onInput={(e) => setForm({ ...form, url: (e.target as HTMLInputElement).value })} />
          </div>
          <div class="field">
            <label for="hook-secret">Signing secret (16 to 256 characters)</label>
            <input id="hook-secret" type="password" autocomplete="new-password" required minLength={16} maxLength={256} value={form.secret} onInput={(e) => setForm({ ...form, secret: (e.target as HTMLInputElement).value })} />
          </div>
          <div class="field">
            <label for="hook-symbols">Symbols (comma-separated; empty: all)</label>
            <input id="hook-symbols" type="text" value={form.symbols} onInput={(e) => setForm({ ...form, symbols: (e.target as HTMLInputElement).value })} />
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
  const [list, setList] = useState<Delivery[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [page, setPage] = useState(0);
  const load = () =>
    unwrap(shared.api.GET('/v1/webhooks/{id}/deliveries', { params: { path: { id } } }))
      .then((d) => setList(d.data))
      .catch(setError);
  useEffect(() => {
    void load();
  }, [id]);
  const pages = Math.max(1, Math.ceil((list?.length ?? 0) / PAGE));
  const shown = (list ?? []).slice(page * PAGE, page * PAGE + PAGE);
  return (
    <section class="deliveries" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Deliveries</h2>
      <button type="button" onClick={() => void load()}>
        Refresh deliveries
      </button>
      <Problem error={error} />
      {list === undefined ? null : list.length === 0 ? (
        <p>No deliveries yet.</p>
      ) : (
        <>
          <table>
            <caption>
              Newest first (the API keeps the latest 50); page {page + 1} of {pages}
            </caption>
            <Head columns={['Event', 'Status', 'Attempts', 'Last HTTP status', 'Last error', 'Updated']} />
            <tbody>
              {shown.map((d) => (
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
            <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous page
            </button>
            <button type="button" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
              Next page
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
