// One assistant: its graph (xray expands subgraphs), its application's topology manifest when it
// serves one, config, schemas, versions, and a form that saves a new version or a new assistant
// with another config.
import { api, enc } from "../api.js";
import { h, short, when } from "../dom.js";
import { guard } from "../errors.js";
import { drawGraph } from "../graph-view.js";
import { jsonTree } from "../json-tree.js";
import { fetchManifest, manifestView } from "../manifest-view.js";

export async function render(root, { assistant: id, query }) {
  const xray = query.xray === "true";
  const [a, graph, schemas, versions] = await Promise.all([
    api("GET", `/assistants/${enc(id)}`),
    api("GET", `/assistants/${enc(id)}/graph${xray ? "?xray=true" : ""}`),
    api("GET", `/assistants/${enc(id)}/schemas`),
    api("POST", `/assistants/${enc(id)}/versions`, { limit: 20 }).catch(() => []),
  ]);
  const view = drawGraph(graph);
  const manifest = a.metadata?.manifest ? await fetchManifest(a.metadata.manifest) : null;
  root.append(
    h("div.row.spread",
      h("h1", a.name, " ", h("span.muted", `· ${a.graph_id} · v${a.version}`)),
      h("div.row",
        h("a.button", { href: `#/assistants/${enc(id)}${xray ? "" : "?xray=true"}`, "aria-pressed": String(xray), title: "Expand subgraphs" }, xray ? "Collapse subgraphs" : "Expand subgraphs (xray)"),
        h("a.button", { href: `#/threads?graph_id=${enc(a.graph_id)}` }, "Threads"),
        h("a.button.primary", { href: `#/assistants/${enc(id)}/run` }, "Run"))),
    h("div.grid2",
      h("section", { "aria-label": "Graph" },
        h("div.legend", { title: "A node where plain edges from several nodes meet is a join when those nodes run in one step." },
          h("span", "── edge"), h("span", "- - conditional (route label)"), h("span", "● plain edges meet"), h("span", "↺ loops round the right")),
        h("div.graph-box", { id: "graph" }, view.element),
        manifest ? manifestView(manifest) : null),
      h("section", { "aria-label": "Details" },
        h("dl.kv", h("dt", "id"), h("dd", h("code", a.assistant_id)), h("dt", "description"), h("dd", a.description ?? "—"),
          h("dt", "updated"), h("dd", when(a.updated_at))),
        h("h2", "Config"), jsonTree({ config: a.config, context: a.context, metadata: a.metadata }, 2),
        h("h2", "Schemas"),
        ["input_schema", "output_schema", "state_schema", "config_schema", "context_schema"].filter((k) => schemas[k]).map((k) =>
          h("details", { class: "schema", "data-schema": k }, h("summary", k.replace("_schema", "")), jsonTree(schemas[k], 3))),
        h("h2", "Versions"),
        h("ul", versions.map((v) => h("li", `v${v.version} · ${when(v.created_at)} · `, h("code", JSON.stringify(v.config))))),
        versionForm(a))),
  );
}

function versionForm(a) {
  const config = h("textarea", { id: "version-config", "aria-label": "Config JSON", rows: 6 }, JSON.stringify(a.config ?? {}, null, 2));
  const context = h("textarea", { id: "version-context", "aria-label": "Context JSON", rows: 3 }, JSON.stringify(a.context ?? {}, null, 2));
  const name = h("input", { id: "version-name", value: a.name, "aria-label": "Name" });
  const parse = () => ({ config: JSON.parse(config.value || "{}"), context: JSON.parse(context.value || "{}") });
  const save = (asNew) => guard(async () => {
    let body;
    try {
      body = parse();
    } catch (e) {
      throw new Error(`config or context is not JSON: ${e.message}`);
    }
    const made = asNew
      ? await api("POST", "/assistants", { graph_id: a.graph_id, name: name.value, ...body })
      : await api("PATCH", `/assistants/${enc(a.assistant_id)}`, { name: name.value, ...body });
    location.hash = `#/assistants/${enc(made.assistant_id)}?v=${made.version}`;
  });
  return h("form.stack", { onsubmit: (e) => { e.preventDefault(); save(false); } },
    h("h2", "New version"),
    h("label", "Name ", name),
    h("div", h("label", { for: "version-config" }, "config"), config),
    h("div", h("label", { for: "version-context" }, "context"), context),
    h("div.row", h("button.primary", { type: "submit" }, "Save as new version"),
      h("button", { type: "button", onclick: () => save(true) }, "Create new assistant"),
      h("span.muted", `${short(a.assistant_id)}…`)));
}
