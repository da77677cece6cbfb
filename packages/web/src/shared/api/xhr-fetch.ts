/**
 * `fetch` for the one thing fetch cannot do: report upload progress. The request goes out with XMLHttpRequest
 * (same-origin cookies, the given headers) and the answer comes back as a `Response`, so the API client treats it
 * like any other (XSRF retry, session refresh, errors). Failures reject as fetch's do: `TypeError` when the
 * server is not reached, an `AbortError` when the signal aborts.
 */
export function xhrFetch(
  url: string,
  init: { method: string; headers: Headers; body?: XMLHttpRequestBodyInit; signal?: AbortSignal },
  onUploadProgress: (fraction: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { signal } = init;
    if (signal?.aborted) return reject(new DOMException('The request was aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    init.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        const status = xhr.status;
        // A Response refuses a body for these statuses. Answers are text (JSON): this is for uploads only.
        const body = status === 204 || status === 205 || status === 304 ? null : xhr.responseText;
        resolve(new Response(body, { status, statusText: xhr.statusText, headers: headersOf(xhr) }));
      } catch (error) {
        reject(error instanceof Error ? error : new TypeError(String(error)));
      }
    };
    xhr.onerror = () => reject(new TypeError('The request could not reach the server'));
    xhr.onabort = () => reject(new DOMException('The request was aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body ?? null);
  });
}

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}
