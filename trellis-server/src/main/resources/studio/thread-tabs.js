// The header every thread page shares: id, status, graph, and tabs State / History / Runs.
import { api, enc } from "./api.js";
import { badge, h } from "./dom.js";

export function threadHeader(thread, active) {
  const id = enc(thread.thread_id);
  const tab = (name, href) => h("a", { href, "aria-current": active === name ? "page" : null }, name);
  return [
    h("div.row.spread",
      h("h1", "Thread ", h("code", thread.thread_id), " ", badge(thread.status)),
      h("div.row", thread.metadata?.graph_id ? h("a.button", { href: `#/assistants/${enc(thread.metadata.assistant_id ?? thread.metadata.graph_id)}/run?thread=${id}` }, "Run on this thread") : null)),
    h("nav.tabs", { "aria-label": "Thread" }, tab("State", `#/threads/${id}`), tab("History", `#/threads/${id}/history`), tab("Runs", `#/threads/${id}/runs`)),
  ];
}

/** The assistant to run on a thread: the one its runs used, else its graph's system assistant. */
export const assistantOf = (thread) => thread.metadata?.assistant_id ?? thread.metadata?.graph_id;

/** Re-reads the thread and updates the status badge of the header in `root`. */
export async function refreshStatus(root, id) {
  const t = await api("GET", `/threads/${enc(id)}`);
  root.querySelector("h1 .badge")?.replaceWith(badge(t.status));
}
