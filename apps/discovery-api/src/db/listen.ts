import { Client } from 'pg';

/** What a listener reports: a notification on its channel; `lost` when its connection
 * failed (notifications may be missed from then on); `listening` when (re)subscribed. */
export type ListenEvent = 'notify' | 'lost' | 'listening';

export interface Listener {
  /** True while subscribed: every notification sent from now on will be seen. */
  readonly listening: boolean;
  close(): Promise<void>;
}

const RETRY_MS = [250, 1_000, 5_000];

/** LISTEN on `channel` over a dedicated connection (a pooled one would be handed to other
 * queries), reconnecting with backoff after a failure. */
export function listen(
  connectionString: string,
  channel: string,
  onEvent: (event: ListenEvent, payload?: string) => void,
): Listener {
  let client: Client | undefined;
  let listening = false;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const lost = (): void => {
    if (client === undefined) return;
    const failed = client;
    client = undefined;
    failed.removeAllListeners();
    failed.on('error', () => undefined);
    failed.end().catch(() => undefined);
    listening = false;
    onEvent('lost');
    if (closed) return;
    timer = setTimeout(connect, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
    timer.unref();
    failures += 1;
  };

  const connect = (): void => {
    if (closed) return;
    const next = new Client({ connectionString, connectionTimeoutMillis: 5_000 });
    client = next;
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) onEvent('notify', message.payload);
    });
    next
      .connect()
      .then(() => next.query(`LISTEN ${channel}`))
      .then(() => {
        if (client !== next) return;
        failures = 0;
        listening = true;
        onEvent('listening');
      })
      .catch(lost);
  };

  connect();
  return {
    get listening() {
      return listening;
    },
    close: async () => {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      const open = client;
      client = undefined;
      listening = false;
      open?.removeAllListeners();
      open?.on('error', () => undefined);
      await open?.end().catch(() => undefined);
    },
  };
}
