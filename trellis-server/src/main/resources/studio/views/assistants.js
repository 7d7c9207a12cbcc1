// Assistants: every assistant (one per served graph plus the ones users made), newest first.
import { api, enc } from "../api.js";
import { h, linkRow, short, when } from "../dom.js";

export async function render(root) {
  const filter = h("input", { type: "search", placeholder: "Filter by name or graph", "aria-label": "Filter assistants", "data-search": true });
  const body = h("tbody");
  root.append(
    h("h1", "Assistants"),
    h("div.row", filter, h("span.muted", "Enter opens; Run starts a run on a new thread.")),
    h("table.list", h("thead", h("tr", ["Name", "Graph", "Version", "Id", "Updated", ""].map((c) => h("th", c)))), body),
  );
  const assistants = await api("POST", "/assistants/search", { limit: 200, sort_by: "updated_at", sort_order: "desc" });
  const show = () => {
    const q = filter.value.trim().toLowerCase();
    body.replaceChildren(
      ...assistants
        .filter((a) => !q || a.name.toLowerCase().includes(q) || a.graph_id.toLowerCase().includes(q))
        .map((a) =>
          linkRow(
            `#/assistants/${enc(a.assistant_id)}`,
            h("strong", { class: "assistant-name" }, a.name),
            h("code", a.graph_id),
            `v${a.version}`,
            h("code", { title: a.assistant_id }, short(a.assistant_id)),
            h("span.muted", when(a.updated_at)),
            h("a.button", { href: `#/assistants/${enc(a.assistant_id)}/run` }, "Run"),
          ),
        ),
    );
    if (!body.children.length) body.append(h("tr", h("td", { colspan: 6 }, h("span.muted", "No assistants match."))));
  };
  filter.addEventListener("input", show);
  show();
}
