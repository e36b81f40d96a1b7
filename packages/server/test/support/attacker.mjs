// One account's attack, run in a process of its own (as it would come from another machine), so that
// its own work does not slow the server it measures. Usage: node attacker.mjs '<json>' where json is
// { base, token, kind: 'uploads', file, contentType, urls }, { base, token, kind: 'streams', count } or
// { base, token, kind: 'reads', url, count }.
// Prints one line of JSON: every answer's status and, for a refusal, its code.
import { readFileSync } from 'node:fs';
import { setMaxListeners } from 'node:events';

const { base, token, kind, file, contentType, urls, url, count } = JSON.parse(process.argv[2]);
const authorization = `Bearer ${token}`;
const controller = new AbortController();
setMaxListeners(0, controller.signal);

async function answer(response) {
  if (response.status === 200 && kind === 'streams') return { status: 200, code: null };
  const body = await response.json().catch(() => ({}));
  return { status: response.status, code: body.code ?? null };
}

let requests;
if (kind === 'uploads') {
  const payload = readFileSync(file);
  requests = urls.map((url) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { authorization, 'content-type': contentType },
      body: payload,
    }).then(answer),
  );
} else if (kind === 'reads') {
  requests = Array.from({ length: count }, () =>
    fetch(`${base}${url}`, { headers: { authorization } }).then(answer),
  );
} else {
  requests = Array.from({ length: count }, () =>
    fetch(`${base}/api/events`, { headers: { authorization }, signal: controller.signal }).then(answer),
  );
}
const answers = await Promise.all(requests);
process.stdout.write(`${JSON.stringify(answers)}\n`);
controller.abort();
process.exit(0);
