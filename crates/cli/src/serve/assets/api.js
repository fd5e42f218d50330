// Talking to the Conway server that served the page: JSON requests, and running one input on
// the worksheet's session (`ask`), which the cells, the boards and the games all use.
//
// A job's state is polled with requests that wait on the server until the job ends, or at
// most WAIT_MS, so a quick answer shows at once and a long one updates a few times a second.

const WAIT_MS = 200;

/** The worksheet (server session) this page runs on; `start` and `restart` set it. */
export const session = { worksheet: null };

/** One JSON request; a failed one throws an Error with the server's located message. */
export async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) {
    throw new Error(data && data.error ? data.error.message : `${response.status} ${response.statusText}`);
  }
  return data;
}

/**
 * Runs `input` on the worksheet's session and waits for it: the answer, or an Error (its
 * `kind` the error's kind, as `too_large`).
 * `record: false` runs it without making it part of the worksheet (a game's moves).
 */
export async function ask(input, { record = true, onProgress = () => {} } = {}) {
  const { job } = await api("POST", `/api/worksheets/${session.worksheet}/cells`, { input, record });
  const cancel = () => api("POST", `/api/jobs/${job}/cancel`).catch(() => {});
  for (;;) {
    const state = await api("GET", `/api/jobs/${job}?wait=${WAIT_MS}`);
    if (state.state === "done") return state.answer;
    if (state.state === "failed") throw Object.assign(new Error(state.error.message), { kind: state.error.kind });
    onProgress(state, cancel);
  }
}
