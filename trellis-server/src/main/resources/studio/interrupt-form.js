// Pending interrupts and how to answer them: a JSON editor per interrupt, or, when the value is a
// LangChain human-in-the-loop request ({action_requests, review_configs}), approve / edit / reject
// per action, resumed with {"decisions": [...]}. Several interrupts resume by id.
import { h } from "./dom.js";
import { jsonTree } from "./json-tree.js";

export const isHitl = (v) => v && typeof v === "object" && Array.isArray(v.action_requests) && Array.isArray(v.review_configs);

/** A form for `interrupts` ([{id, value}]); submitting calls onResume(resumeValue). */
export function interruptForm(interrupts, onResume) {
  const parts = interrupts.map((it, i) => (isHitl(it.value) ? hitl(it, i) : plain(it, i)));
  const form = h("form.stack.interrupts", { "aria-label": "Pending interrupts" },
    h("h3", interrupts.length === 1 ? "Interrupt" : `${interrupts.length} interrupts`),
    parts.map((p) => p.element),
    h("div.row", h("button.primary", { type: "submit", class: "resume" }, "Resume"), h("span.muted", "Ctrl+Enter in an editor resumes too")));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const values = parts.map((p) => p.value());
    const resume = interrupts.length === 1 ? values[0] : Object.fromEntries(interrupts.map((it, i) => [it.id, values[i]]));
    onResume(resume);
  });
  return form;
}

function plain(it, i) {
  const editor = h("textarea", { rows: 3, class: "resume-value", "aria-label": `Resume value for interrupt ${i + 1}`, placeholder: "JSON, or plain text for a string" });
  editor.value = "";
  return {
    element: h("fieldset", h("legend", `asks (${it.id ?? i})`), jsonTree(it.value, 2), h("label", { for: null }, "Resume with"), editor),
    value: () => {
      const text = editor.value.trim();
      if (!text) return null;
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    },
  };
}

function hitl(it, i) {
  const actions = it.value.action_requests.map((a, j) => action(a, it.value.review_configs[j] ?? it.value.review_configs.find((r) => r.action_name === a.name), `${i}-${j}`));
  return {
    element: h("fieldset.hitl", h("legend", "Review tool calls"), actions.map((a) => a.element)),
    value: () => ({ decisions: actions.map((a) => a.value()) }),
  };
}

function action(req, review, key) {
  const allowed = review?.allowed_decisions ?? ["approve", "edit", "reject", "respond"];
  const args = h("textarea", { rows: 3, class: "edit-args", "aria-label": `Edited arguments of ${req.name}`, hidden: true }, JSON.stringify(req.args ?? {}, null, 2));
  const message = h("input", { class: "reject-message", "aria-label": `Why ${req.name} is rejected`, placeholder: "Message to the model", hidden: true, size: 40 });
  const radios = allowed.map((d, n) => h("label", h("input", { type: "radio", name: `decision-${key}`, value: d, checked: n === 0, "data-decision": d }), d));
  const choice = () => radios.map((l) => l.querySelector("input")).find((r) => r.checked)?.value ?? allowed[0];
  const sync = () => {
    args.hidden = choice() !== "edit";
    message.hidden = choice() !== "reject" && choice() !== "respond";
    message.placeholder = choice() === "respond" ? "The tool's answer, in its place" : "Message to the model";
  };
  radios.forEach((l) => l.addEventListener("change", sync));
  return {
    element: h("div.action", { "data-action": req.name },
      h("div", h("strong", req.name), " ", h("code", JSON.stringify(req.args))),
      req.description ? h("div.muted", { style: "white-space: pre-wrap" }, req.description) : null,
      h("div.row", radios), args, message),
    value: () => {
      const d = choice();
      if (d === "edit") return { type: "edit", edited_action: { name: req.name, args: JSON.parse(args.value) } };
      if (d === "reject") return message.value ? { type: "reject", message: message.value } : { type: "reject" };
      if (d === "respond") return { type: "respond", message: message.value };
      return { type: "approve" };
    },
  };
}
