// A chat transcript of LangChain message dicts: human on the right, AI on the left with its tool
// calls, tool results under them; tokens of a message being generated appear as they stream.
import { h } from "./dom.js";

export function chatView() {
  const list = h("div.chat", { role: "log", "aria-label": "Conversation", "aria-live": "polite" });
  const streaming = new Map();
  const render = (m, live) => {
    const type = kind(m);
    const el = h("div.msg", { class: `${type}${live ? " streaming" : ""}`, "data-role": type },
      h("span.who", type === "tool" ? `tool · ${m.name ?? ""}${m.status === "error" ? " · error" : ""}` : type),
      h("span.text", text(m.content)));
    for (const c of m.tool_calls ?? []) el.append(h("div.tool-call", `→ ${c.name}(${JSON.stringify(c.args)})`));
    return el;
  };
  return {
    element: list,
    /** Shows `messages` as the whole conversation (streamed drafts are dropped: the state now holds them). */
    setMessages(messages) {
      streaming.clear();
      list.replaceChildren(...(messages ?? []).map((m) => render(m, false)));
      list.scrollTop = list.scrollHeight;
    },
    /** A streamed chunk: `append` adds its text to the draft of that message id, otherwise replaces it. */
    token(m, append) {
      if (!m || kind(m) !== "ai") return;
      const prev = streaming.get(m.id);
      const merged = { ...m, content: append && prev ? text(prev.msg.content) + text(m.content) : m.content };
      const el = render(merged, true);
      if (prev) prev.el.replaceWith(el);
      else list.append(el);
      streaming.set(m.id, { msg: merged, el });
      list.scrollTop = list.scrollHeight;
    },
  };
}

function kind(m) {
  const t = m.type ?? m.role;
  if (t === "human" || t === "user") return "human";
  if (t === "tool") return "tool";
  if (t === "system") return "system";
  return "ai";
}

function text(content) {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p === "string" ? p : p.text ?? "")).join("");
  return content == null ? "" : JSON.stringify(content);
}
