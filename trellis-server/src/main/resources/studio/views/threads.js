// Threads: search by status and metadata (JSON containment, as the API does), newest first.
import { api, enc } from "../api.js";
import { badge, h, linkRow, short, when } from "../dom.js";
import { guard } from "../errors.js";

export async function render(root, { query }) {
  const status = h("select", { id: "thread-status", "aria-label": "Status" }, ["", "idle", "busy", "interrupted", "error"].map((s) => h("option", { value: s }, s || "any status")));
  const metadata = h("input", { id: "thread-metadata", "data-search": true, size: 40, "aria-label": "Metadata filter (JSON)", placeholder: '{"graph_id": "approval"}', value: query.graph_id ? JSON.stringify({ graph_id: query.graph_id }) : "" });
  const body = h("tbody");
  const count = h("span.muted");
  const search = () => guard(async () => {
    const filter = { limit: 100, sort_by: "updated_at", sort_order: "desc" };
    if (status.value) filter.status = status.value;
    if (metadata.value.trim()) {
      try {
        filter.metadata = JSON.parse(metadata.value);
      } catch (e) {
        throw new Error(`the metadata filter is not JSON: ${e.message}`);
      }
    }
    const threads = await api("POST", "/threads/search", filter);
    count.textContent = `${threads.length} thread${threads.length === 1 ? "" : "s"}`;
    body.replaceChildren(...threads.map((t) => linkRow(`#/threads/${enc(t.thread_id)}`,
      h("code", { title: t.thread_id }, short(t.thread_id)), badge(t.status), h("code", t.metadata?.graph_id ?? ""),
      h("span.muted.mono", JSON.stringify(t.metadata ?? {}).slice(0, 80)), h("span.muted", when(t.updated_at)))));
    if (!threads.length) body.append(h("tr", h("td", { colspan: 5 }, h("span.muted", "No threads match."))));
  });
  root.append(
    h("h1", "Threads"),
    h("form.row", { onsubmit: (e) => { e.preventDefault(); search(); } }, status, metadata, h("button.primary", { type: "submit" }, "Search"), count),
    h("table.list.threads", h("thead", h("tr", ["Id", "Status", "Graph", "Metadata", "Updated"].map((c) => h("th", c)))), body),
  );
  status.addEventListener("change", search);
  await search();
}
