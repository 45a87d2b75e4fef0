/**
 * Keeps API keys out of messages, logs and error details. FRED takes its key as the
 * `api_key` query parameter, so every URL that leaves an adapter goes through here first.
 */
const SECRET_PARAMS = /([?&](?:api_key|x_cg_demo_api_key|x_cg_pro_api_key|crumb)=)[^&#\s]*/gi;

/** Replaces the values of secret query parameters, and any literal secret, with `***`. */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text.replace(SECRET_PARAMS, '$1***');
  for (const secret of secrets) {
    // Short strings would redact innocent text; real keys are long.
    if (secret && secret.length >= 8) out = out.split(secret).join('***');
  }
  return out;
}
