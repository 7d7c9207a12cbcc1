// The live list of a run's events: one row per event, except message tokens, which are appended to
// their message's row as they arrive (`messages/partial` carries the text so far, `messages` tuples
// carry deltas).
import { h } from "./dom.js";

export function eventLog() {
  const list = h("div.events", { role: "log", "aria-label": "Run events", "aria-live": "off" });
  const counter = h("span.muted.event-count", "0 events");
  const byMessage = new Map();
  let count = 0;
  const row = (name, body) => {
    const el = h("div.event", { "data-event": name.split("|")[0] }, h("span.ev-name", name), body);
    list.append(el);
    list.scrollTop = list.scrollHeight;
    return el;
  };
  const token = (name, msg, append) => {
    const id = msg?.id ?? "?";
    const text = typeof msg?.content === "string" ? msg.content : JSON.stringify(msg?.content ?? "");
    let entry = byMessage.get(id);
    if (!entry) {
      const span = h("span.tokens");
      entry = { span, el: row(name, h("span", h("span.muted", `${msg?.type ?? "message"} `), span)) };
      byMessage.set(id, entry);
    }
    entry.span.textContent = append ? entry.span.textContent + text : text;
    if (msg?.tool_calls?.length) entry.span.textContent += " " + JSON.stringify(msg.tool_calls.map((c) => ({ [c.name]: c.args })));
  };
  return {
    element: h("div", h("div.row.spread", h("h3", "Events"), counter), list),
    clear() {
      list.replaceChildren();
      byMessage.clear();
      count = 0;
      counter.textContent = "0 events";
    },
    add(e) {
      counter.textContent = `${++count} events`;
      const mode = e.event.split("|")[0];
      if (mode === "messages/partial" || mode === "messages/complete") {
        for (const m of e.data ?? []) token(e.event, m, false);
      } else if (mode === "messages" && Array.isArray(e.data)) {
        token(e.event, e.data[0], true);
      } else if (mode === "messages/metadata") {
        return;
      } else {
        row(e.event, h("pre", typeof e.data === "string" ? e.data : JSON.stringify(e.data)));
      }
    },
  };
}
