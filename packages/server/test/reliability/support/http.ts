/** One answer of the API as a client saw it; status 0 when no answer came (refused, reset, timed out). */
export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON of any operation; tests read the fields they need
  body: any;
  headers: Headers | null;
  /** Milliseconds from sending to the whole answer (or the failure). */
  ms: number;
  error?: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The client gives up after this long (the answer then has status 0 and error 'timeout'). */
  timeoutMs?: number;
}

/** An HTTP call to a real server process, with a bounded wait; never throws. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const startedAt = performance.now();
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text, and the test says so
    }
    return { status: response.status, body, headers: response.headers, ms: performance.now() - startedAt };
  } catch (error) {
    const err = error as Error & { cause?: { code?: string } };
    const reason = err.name === 'TimeoutError' ? 'timeout' : (err.cause?.code ?? err.message);
    return { status: 0, body: null, headers: null, ms: performance.now() - startedAt, error: reason };
  }
}

export function describeAnswer(answer: Answer): string {
  return answer.status === 0
    ? `no answer (${answer.error})`
    : `${answer.status} ${typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)}`;
}
