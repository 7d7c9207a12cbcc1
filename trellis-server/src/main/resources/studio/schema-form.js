// An input form built from a JSON schema's properties, with a raw-JSON fallback. value() returns the
// object to send (empty fields left out); a field that is not valid JSON where JSON is expected is
// taken as a string.
import { h } from "./dom.js";

export function schemaForm(schema, initial = {}) {
  const props = Object.entries(schema?.properties ?? {});
  const fields = props.map(([name, s]) => field(name, s, initial[name]));
  const raw = h("textarea", { "aria-label": "Input as JSON", rows: 8, class: "raw-input", hidden: true });
  const asJson = h("input", { type: "checkbox", class: "raw-toggle" });
  const form = h("div.schema-form", fields.map((f) => f.element), raw);
  const value = () => {
    if (asJson.checked) return raw.value.trim() ? JSON.parse(raw.value) : null;
    const out = {};
    for (const f of fields) {
      const v = f.value();
      if (v !== undefined) out[f.name] = v;
    }
    return out;
  };
  asJson.addEventListener("change", () => {
    if (asJson.checked) raw.value = JSON.stringify(formValue(fields), null, 2);
    raw.hidden = !asJson.checked;
    for (const f of fields) f.element.hidden = asJson.checked;
  });
  if (!props.length) {
    asJson.checked = true;
    raw.hidden = false;
    raw.value = JSON.stringify(initial, null, 2);
  }
  return { element: h("div", form, h("label.muted", asJson, "Edit the input as raw JSON")), value };
}

function formValue(fields) {
  const out = {};
  for (const f of fields) {
    try {
      const v = f.value();
      if (v !== undefined) out[f.name] = v;
    } catch {
      /* a half-typed field is left out of the JSON view */
    }
  }
  return out;
}

function field(name, s, initial) {
  const id = `in-${name}`;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  const label = h("label", { for: id }, h("code", name), h("span.muted", type ? ` ${type}` : " any JSON"), s.description ? h("span.muted", ` — ${s.description}`) : null);
  if (name === "messages" && type === "array") {
    const input = h("textarea", { id, rows: 2, "data-field": name, placeholder: "A message from the user (or a JSON list of messages)" });
    if (initial !== undefined) input.value = JSON.stringify(initial);
    return { name, element: h("div.field", label, input), value: () => messages(input.value) };
  }
  if (type === "boolean") {
    const input = h("select", { id, "data-field": name }, h("option", { value: "" }, "—"), h("option", "true"), h("option", "false"));
    return { name, element: h("div.field", label, " ", input), value: () => (input.value === "" ? undefined : input.value === "true") };
  }
  if (type === "string" || type === "integer" || type === "number") {
    const input = h("input", { id, "data-field": name, type: type === "string" ? "text" : "number", step: type === "integer" ? 1 : "any", value: initial ?? "" });
    const value = () => (input.value === "" ? undefined : type === "string" ? input.value : Number(input.value));
    return { name, element: h("div.field", label, " ", input), value };
  }
  const input = h("textarea", { id, rows: 1, "data-field": name, placeholder: "JSON (or plain text)" });
  if (initial !== undefined) input.value = JSON.stringify(initial);
  return { name, element: h("div.field", label, input), value: () => json(input.value) };
}

function json(text) {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function messages(text) {
  const v = json(text);
  if (v === undefined) return undefined;
  return typeof v === "string" ? [{ role: "user", content: v }] : v;
}
