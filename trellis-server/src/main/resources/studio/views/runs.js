// A thread's runs with their status, refreshed while any is pending or running; cancel a live run.
import { api, enc } from "../api.js";
import { badge, h, mount, short, when } from "../dom.js";
import { guard } from "../errors.js";
import { refreshStatus, threadHeader } from "../thread-tabs.js";

export async function render(root, { thread: id, signal }) {
  const thread = await api("GET", `/threads/${enc(id)}`);
  const body = h("tbody");
  let timer = null;
  const load = () => guard(async () => {
    const runs = await api("GET", `/threads/${enc(id)}/runs?limit=100`);
    mount(body, runs.map((r) => h("tr", { "data-item": true, tabindex: 0, "data-run": r.run_id },
      h("td", h("code", { title: r.run_id }, short(r.run_id))), h("td", badge(r.status)), h("td", when(r.created_at)), h("td", when(r.updated_at)),
      h("td", h("code", r.multitask_strategy ?? "")), h("td.mono", JSON.stringify(r.kwargs?.input ?? r.kwargs?.command ?? null).slice(0, 60)),
      h("td", r.status === "pending" || r.status === "running"
        ? h("button.danger", { type: "button", onclick: () => guard(async () => { await api("POST", `/threads/${enc(id)}/runs/${enc(r.run_id)}/cancel`); await load(); }) }, "Cancel")
        : null))));
    if (!runs.length) body.append(h("tr", h("td", { colspan: 7 }, h("span.muted", "No runs yet."))));
    await refreshStatus(root, id);
    clearTimeout(timer);
    if (!signal.aborted && runs.some((r) => r.status === "pending" || r.status === "running")) timer = setTimeout(load, 1500);
  });
  root.append(...threadHeader(thread, "Runs"),
    h("table.list.runs", h("thead", h("tr", ["Run", "Status", "Created", "Updated", "Multitask", "Input", ""].map((c) => h("th", c)))), body));
  await load();
  return () => clearTimeout(timer);
}
