/** One reply of the fake server: a status and a JSON body. */
export interface FakeReply {
  status: number;
  body?: unknown;
}

export type FakeServer = (path: string, init: RequestInit) => FakeReply | Promise<FakeReply>;

/**
 * Replaces `fetch` (jsdom has none) with a fake server answering from `handler`, and returns the
 * jest mock so a test can see what was sent. Restore with `jest.restoreAllMocks()` or by reassigning.
 */
export function mockFetch(handler: FakeServer): jest.Mock {
  const fetchMock = jest.fn(async (path: string, init: RequestInit = {}) => {
    const { status, body } = await handler(path, init);
    const reply = () => ({ status, text: async () => (body === undefined ? '' : JSON.stringify(body)), clone: reply });
    return reply();
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The JSON body of the `index`-th call of a fetch mock. */
export function sentBody(fetchMock: jest.Mock, index = 0): unknown {
  const init = fetchMock.mock.calls[index]?.[1] as RequestInit | undefined;
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

/** A reply that arrives only when the test says so, to look at a form while its call is on its way. */
export function deferredReply() {
  let resolve!: (reply: FakeReply) => void;
  const promise = new Promise<FakeReply>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
