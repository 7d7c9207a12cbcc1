// Crons: every scheduled run, with its schedule, target and next run; delete one.
import { api, enc } from "../api.js";
import { h, mount, short, when } from "../dom.js";
import { guard } from "../errors.js";

export async function render(root) {
  const body = h("tbody");
  const load = () => guard(async () => {
    const crons = await api("POST", "/runs/crons/search", { limit: 200 });
    mount(body, crons.map((c) => h("tr", { "data-item": true, tabindex: 0 },
      h("td", h("code", { title: c.cron_id }, short(c.cron_id))), h("td", h("code", c.schedule)), h("td", h("code", short(c.assistant_id))),
      h("td", c.thread_id ? h("a", { href: `#/threads/${enc(c.thread_id)}` }, short(c.thread_id)) : h("span.muted", "new thread each time")),
      h("td", when(c.next_run_date)), h("td", c.end_time ? when(c.end_time) : "—"),
      h("td", h("button.danger", { type: "button", onclick: () => guard(async () => { await api("DELETE", `/runs/crons/${enc(c.cron_id)}`); await load(); }) }, "Delete")))));
    if (!crons.length) body.append(h("tr", h("td", { colspan: 7 }, h("span.muted", "No crons. Create them with POST /runs/crons or /threads/{id}/runs/crons."))));
  });
  root.append(h("h1", "Crons"),
    h("table.list.crons", h("thead", h("tr", ["Cron", "Schedule", "Assistant", "Thread", "Next run", "Ends", ""].map((c) => h("th", c)))), body));
  await load();
}
