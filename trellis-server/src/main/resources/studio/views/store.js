// The store: namespaces as a tree, the items under the chosen one, filtered (JSON equality on value
// fields) and searched (semantic `query`); put and delete items.
import { api } from "../api.js";
import { h, mount, when } from "../dom.js";
import { guard } from "../errors.js";

export async function render(root) {
  const tree = h("nav.tree", { "aria-label": "Namespaces" });
  const items = h("tbody");
  const filter = h("input", { id: "store-filter", size: 28, "aria-label": "Filter (JSON)", placeholder: '{"theme": "dark"}' });
  const query = h("input", { id: "store-query", "data-search": true, size: 28, type: "search", "aria-label": "Semantic search", placeholder: "search text" });
  const heading = h("h2", "Items");
  let prefix = [];

  const loadTree = () => guard(async () => {
    const { namespaces } = await api("POST", "/store/namespaces", { limit: 1000 });
    const root = new Map();
    for (const ns of namespaces) {
      let level = root;
      for (const label of ns) level = level.get(label) ?? level.set(label, new Map()).get(label);
    }
    mount(tree, h("ul", h("li", nsButton([], "(all)")), branch(root, [])));
  });
  const branch = (level, path) => [...level].map(([label, children]) =>
    h("li", nsButton([...path, label], label), children.size ? h("ul", branch(children, [...path, label])) : null));
  const nsButton = (path, label) => h("button", { type: "button", "data-namespace": path.join("/"), "aria-current": String(path.join("\u0000") === prefix.join("\u0000")), onclick: () => { prefix = path; loadTree(); loadItems(); } }, label);

  const loadItems = () => guard(async () => {
    const body = { namespace_prefix: prefix, limit: 100 };
    if (filter.value.trim()) {
      try {
        body.filter = JSON.parse(filter.value);
      } catch (e) {
        throw new Error(`the filter is not JSON: ${e.message}`);
      }
    }
    if (query.value.trim()) body.query = query.value.trim();
    const res = await api("POST", "/store/items/search", body);
    heading.textContent = `Items under ${prefix.length ? prefix.join(" / ") : "all namespaces"} (${res.items.length})`;
    mount(items, res.items.map((it) => h("tr", { "data-item": true, tabindex: 0, "data-key": it.key },
      h("td", h("code", it.namespace.join(" / "))), h("td", h("strong", it.key)), h("td.mono", JSON.stringify(it.value)),
      h("td", when(it.updated_at)), h("td", it.score == null ? "" : it.score.toFixed(3)),
      h("td", h("button", { type: "button", onclick: () => edit(it) }, "Edit"), " ",
        h("button.danger", { type: "button", onclick: () => guard(async () => { await api("DELETE", "/store/items", { namespace: it.namespace, key: it.key }); await refresh(); }) }, "Delete")))));
    if (!res.items.length) items.append(h("tr", h("td", { colspan: 6 }, h("span.muted", "No items."))));
  });
  const refresh = async () => {
    await loadTree();
    await loadItems();
  };

  const putNs = h("input", { id: "put-namespace", size: 24, "aria-label": "Namespace (JSON list)", placeholder: '["users", "alice"]' });
  const putKey = h("input", { id: "put-key", size: 14, "aria-label": "Key", placeholder: "key" });
  const putValue = h("textarea", { id: "put-value", rows: 3, "aria-label": "Value (JSON object)", placeholder: '{"theme": "dark"}' });
  const edit = (it) => {
    putNs.value = JSON.stringify(it.namespace);
    putKey.value = it.key;
    putValue.value = JSON.stringify(it.value, null, 2);
    putValue.focus();
  };
  const put = (e) => {
    e.preventDefault();
    guard(async () => {
      let namespace;
      let value;
      try {
        namespace = JSON.parse(putNs.value || JSON.stringify(prefix));
        value = JSON.parse(putValue.value);
      } catch (err) {
        throw new Error(`namespace and value must be JSON: ${err.message}`);
      }
      await api("PUT", "/store/items", { namespace, key: putKey.value, value });
      await refresh();
    });
  };

  root.append(h("h1", "Store"),
    h("div.store-grid",
      h("section.panel", { "aria-label": "Namespaces" }, h("h2", "Namespaces"), tree),
      h("section", { "aria-label": "Items" },
        h("form.row", { onsubmit: (e) => { e.preventDefault(); loadItems(); } }, filter, query, h("button.primary", { type: "submit", id: "store-search" }, "Search")),
        heading,
        h("table.list.items", h("thead", h("tr", ["Namespace", "Key", "Value", "Updated", "Score", ""].map((c) => h("th", c)))), items),
        h("form.stack.put", { onsubmit: put }, h("h2", "Put an item"),
          h("div.row", putNs, putKey), putValue, h("button.primary", { type: "submit", id: "put" }, "Put")))));
  await refresh();
}
