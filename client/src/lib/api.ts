import { MESSAGES } from '@seyirlik/shared-contracts';
import { takeEarlyRead } from '../app/earlyStart';

/** A failed call to the JSON API: the HTTP status (0 when the server was not reached) and a Turkish message. */
export class ApiError extends Error {
  /** True when the login modal opened for this error and already shows its message. */
  loginPrompted = false;

  constructor(
    readonly status: number,
    message: string,
    /** The reply's body as the server sent it (a 409 may say where the existing thing is). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A 401 from the JSON API: the session is gone. `write` tells whether the call changed something. */
export interface LoginRequiredEvent {
  write: boolean;
  message: string;
}

type LoginRequiredListener = (event: LoginRequiredEvent) => boolean;

const loginRequiredListeners = new Set<LoginRequiredListener>();

/**
 * Calls `listener` on every 401 ("login required", ARCHITECTURE: one rule on both sides); it
 * returns whether it asked the person to log in. Returns the function that stops listening.
 */
export function onLoginRequired(listener: LoginRequiredListener): () => void {
  loginRequiredListeners.add(listener);
  return () => loginRequiredListeners.delete(listener);
}

/** The auth calls answer 401 for wrong credentials, which is not a missing session. */
const AUTH_PATH = '/api/auth/';

function messageFor(status: number, body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.length > 0) return message;
  if (status === 401) return MESSAGES.loginRequired;
  if (status === 404) return MESSAGES.notFound;
  if (status === 429) return MESSAGES.tooManyRequests;
  if (status >= 500) return MESSAGES.serverError;
  return MESSAGES.invalidInput;
}

/** Turns a reply into its body, or throws the ApiError it stands for (and reports a missing session). */
function settle<T>(method: string, path: string, status: number, body: unknown): T {
  if (status >= 200 && status < 300) return body as T;
  const error = new ApiError(status, messageFor(status, body), body);
  if (status === 401 && !path.startsWith(AUTH_PATH)) {
    const event = { write: method !== 'GET', message: error.message };
    loginRequiredListeners.forEach((listener) => {
      if (listener(event)) error.loginPrompted = true;
    });
  }
  throw error;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    // A first page's reads may be on their way already, started by index.html (app/earlyStart.ts).
    const early = method === 'GET' ? takeEarlyRead(path) : undefined;
    response = await (early ?? fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }));
  } catch {
    throw new ApiError(0, MESSAGES.serviceUnavailable);
  }
  return settle<T>(method, path, response.status, parseJson(await response.text()));
}

/** Sends a multipart form (text fields and files); the browser sets its boundary. */
async function sendForm<T>(method: 'POST' | 'PATCH', path: string, form: FormData): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method, credentials: 'same-origin', headers: { Accept: 'application/json' }, body: form });
  } catch {
    throw new ApiError(0, MESSAGES.serviceUnavailable);
  }
  return settle<T>(method, path, response.status, parseJson(await response.text()));
}

/**
 * Sends `file` as the multipart field `file`, reporting upload progress from 0 to 100.
 * XMLHttpRequest, because fetch cannot report how much of a request body has been sent.
 */
function upload<T>(path: string, file: File, onProgress: (percent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(settle<T>('POST', path, xhr.status, parseJson(xhr.responseText)));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, MESSAGES.serviceUnavailable));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** The JSON API of our own server: same origin, the session cookie goes along, JSON both ways. */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
  upload,
  form: sendForm,
};

/** The text to show for a failed call: the server's message, or a general one for anything unexpected. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : MESSAGES.serverError;
}
