// An application's topology manifest (served by apps such as Neura at the path their system
// assistant's metadata names under `manifest`): its stages, every edge with its type and
// condition, and the edge types with how many edges have each. Shown on the assistant page.
import { api } from "./api.js";
import { h } from "./dom.js";

/** The manifest at `path` (a same-origin path), or null when it cannot be read. */
export async function fetchManifest(path) {
  if (typeof path !== "string" || !path.startsWith("/") || path.startsWith("//")) return null;
  try {
    return await api("GET", path);
  } catch {
    return null;
  }
}

export function manifestView(m) {
  const edges = m.edges ?? [];
  const count = (t) => edges.filter((e) => e.type === t).length;
  return h("section", { "aria-label": "Topology manifest", class: "manifest" },
    h("h2", "Topology manifest ", h("span.muted", `· ${m.name ?? ""} · ${edges.length} edges`)),
    h("div.legend", (m.edge_types ?? []).map((t) => h("span", { "data-edge-type": t }, `${t} ×${count(t)}`))),
    h("p.muted", "stages: ", (m.stages ?? []).join(" → ")),
    h("table.list",
      h("thead", h("tr", h("th", "from"), h("th", "to"), h("th", "type"), h("th", "condition"))),
      h("tbody", edges.map((e) => h("tr", { "data-edge": `${e.source}→${e.target}` },
        h("td", h("code", e.source)), h("td", h("code", e.target)), h("td", e.type), h("td", e.condition ?? ""))))),
    (m.conditions ?? []).length ? h("p.muted", "conditions: ", m.conditions.join(", ")) : null);
}
