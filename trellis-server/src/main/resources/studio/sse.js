// Server-sent events over fetch + ReadableStream (EventSource cannot POST): yields {event, data, id}.
import { ApiError, detailOf } from "./api.js";

/** POSTs `body` to `path` (or GETs it when body is undefined) and yields the events as they arrive. */
export async function* stream(path, body, signal) {
  const method = body === undefined ? "GET" : "POST";
  const res = await fetch(path, {
    method,
    signal,
    headers: { Accept: "text/event-stream", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    const text = await res.text();
    let data = null;
    try {
      data = JSON.parse(text);
    } catch {
      /* not JSON: the text is the detail */
    }
    throw new ApiError(method, path, res.status, detailOf(data, text));
  }
  yield* parse(res.body);
}

/** Parses an SSE byte stream into events; `data` is JSON-decoded when it is JSON. */
export async function* parse(body) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let event = { event: "message", data: [], id: null };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let nl;
    while ((nl = buffer.search(/\r\n|\n|\r/)) >= 0) {
      if (nl === buffer.length - 1 && buffer.endsWith("\r")) break; // a CR LF may be split across chunks
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + (buffer.startsWith("\r\n", nl) ? 2 : 1));
      if (line === "") {
        if (event.data.length) yield finish(event);
        event = { event: "message", data: [], id: null };
      } else if (!line.startsWith(":")) {
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const val = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event.event = val;
        else if (field === "data") event.data.push(val);
        else if (field === "id") event.id = val;
      }
    }
  }
  if (event.data.length) yield finish(event);
}

function finish(e) {
  const text = e.data.join("\n");
  let data = text;
  try {
    data = JSON.parse(text);
  } catch {
    /* plain text data stays a string */
  }
  return { event: e.event, data, id: e.id };
}
