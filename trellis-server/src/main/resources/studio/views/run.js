// Run an assistant: a new or existing thread, input from the input schema (or raw JSON), stream
// modes; events stream live beside the graph, whose running node is highlighted. Graphs with a
// `messages` key also get a chat.
import { api, enc } from "../api.js";
import { h, short, when } from "../dom.js";
import { guard } from "../errors.js";
import { chatView } from "../chat.js";
import { drawGraph } from "../graph-view.js";
import { liveRun } from "../live-run.js";
import { schemaForm } from "../schema-form.js";
import { modesChooser, requestModes } from "../stream-modes.js";

export async function render(root, { assistant: id, query, signal }) {
  const [a, graph, schemas] = await Promise.all([
    api("GET", `/assistants/${enc(id)}`),
    api("GET", `/assistants/${enc(id)}/graph`),
    api("GET", `/assistants/${enc(id)}/schemas`),
  ]);
  const threads = await api("POST", "/threads/search", { metadata: { graph_id: a.graph_id }, limit: 30, sort_by: "updated_at", sort_order: "desc" });
  const hasMessages = !!schemas.input_schema?.properties?.messages;
  const view = drawGraph(graph);
  const chat = hasMessages ? chatView() : null;
  const modes = modesChooser();
  const form = schemaForm(schemas.input_schema);
  const threadSelect = h("select", { id: "thread", "aria-label": "Thread" },
    h("option", { value: "" }, "New thread"),
    threads.map((t) => h("option", { value: t.thread_id, selected: t.thread_id === query.thread }, `${short(t.thread_id)} · ${t.status} · ${when(t.updated_at)}`)));
  if (query.thread && !threads.some((t) => t.thread_id === query.thread)) threadSelect.append(h("option", { value: query.thread, selected: true }, short(query.thread)));
  const subgraphs = h("input", { type: "checkbox", id: "subgraphs" });
  const live = liveRun({
    graph: view,
    shown: () => modes.selected(),
    onEvent: (e) => {
      if (!chat) return;
      const mode = e.event.split("|")[0];
      if (mode === "values" && e.data?.messages) chat.setMessages(e.data.messages);
      else if (mode === "messages" && Array.isArray(e.data)) chat.token(e.data[0], true);
    },
    onEnd: (state) => chat?.setMessages(state.values?.messages),
  });

  const threadFor = async () => {
    if (threadSelect.value) return threadSelect.value;
    const t = await api("POST", "/threads", { metadata: { graph_id: a.graph_id } });
    threadSelect.append(h("option", { value: t.thread_id }, `${short(t.thread_id)} · new`));
    threadSelect.value = t.thread_id;
    return t.thread_id;
  };
  const start = (input) => guard(async () => {
    const thread = await threadFor();
    await live.run(thread, { assistant_id: a.assistant_id, input, stream_mode: requestModes(modes.selected(), hasMessages), stream_subgraphs: subgraphs.checked }, signal);
  });
  const loadThread = () => guard(async () => {
    if (!chat) return;
    if (!threadSelect.value) return chat.setMessages([]);
    const state = await api("GET", `/threads/${enc(threadSelect.value)}/state`);
    chat.setMessages(state.values?.messages);
    for (const n of state.next ?? []) view.mark(n, "next");
  });
  threadSelect.addEventListener("change", loadThread);

  const runForm = h("form.stack.run-form", {
    onsubmit: (e) => {
      e.preventDefault();
      let input;
      try {
        input = form.value();
      } catch (err) {
        guard(() => Promise.reject(new Error(`input is not JSON: ${err.message}`)));
        return;
      }
      start(input);
    },
  },
  h("div.row", h("label", { for: "thread" }, "Thread"), threadSelect, h("label", subgraphs, "stream subgraphs")),
  h("details.input", { open: !hasMessages }, h("summary", hasMessages ? "Input from the schema (sent with each chat message)" : "Input"), form.element),
  modes.element,
  h("p.muted", "tasks are always requested (they light the running node)", hasMessages ? "; values and messages-tuple too (they draw the chat)." : "."),
  h("button.primary", { type: "submit", id: "start-run" }, "Start run"));

  // A chat message goes with whatever else the input form holds (say a user id the graph needs).
  const composer = chat ? chatComposer((text) => {
    let extra = {};
    try {
      extra = form.value() ?? {};
    } catch {
      /* a half-typed form field is left out */
    }
    start({ ...extra, messages: [{ role: "user", content: text }] });
  }) : null;
  root.append(
    h("div.row.spread", h("h1", "Run ", a.name, " ", h("span.muted", `· ${a.graph_id} · v${a.version}`)),
      h("a.button", { href: `#/assistants/${enc(id)}` }, "Assistant")),
    h("div.grid2",
      chat
        ? h("section", { "aria-label": "Chat and graph" },
          h("section.panel.chat-panel", { "aria-label": "Chat" }, h("h2", "Chat"), chat.element, composer),
          h("div.graph-box", { id: "graph" }, view.element))
        : h("section", { "aria-label": "Graph and events" }, h("div.graph-box", { id: "graph" }, view.element), live.log),
      h("section", { "aria-label": "Run" }, live.head, runForm, chat ? live.log : null)),
  );
  await loadThread();
}

function chatComposer(send) {
  const input = h("textarea", { rows: 2, id: "chat-input", "aria-label": "Message", placeholder: "Message (Ctrl+Enter sends)" });
  return h("form.row.chat-form", {
    onsubmit: (e) => {
      e.preventDefault();
      if (!input.value.trim()) return;
      send(input.value.trim());
      input.value = "";
    },
  }, input, h("button.primary", { type: "submit", id: "chat-send" }, "Send"));
}
