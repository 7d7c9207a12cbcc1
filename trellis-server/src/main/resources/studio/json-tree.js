// A collapsible JSON tree (native <details>, so it is keyboard-operable): objects and arrays fold,
// the first `open` levels start open, scalars are coloured by type.
import { h } from "./dom.js";

export function jsonTree(value, open = 1) {
  return h("div.jt", node(null, value, 0, open));
}

function node(key, value, depth, open) {
  const k = key === null ? null : h("span.k", JSON.stringify(key).replace(/^"|"$/g, "") + ": ");
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
    if (!entries.length) return h("div.leaf", k, h("span.muted", Array.isArray(value) ? "[]" : "{}"));
    return h("details", { open: depth < open },
      h("summary", k, h("span.muted", summary), " ", h("span.muted", preview(value))),
      entries.map(([ck, cv]) => node(ck, cv, depth + 1, open)));
  }
  return h("div.leaf", k, scalar(value));
}

function scalar(v) {
  if (v === null) return h("span.z", "null");
  if (typeof v === "string") return h("span.s", JSON.stringify(v));
  if (typeof v === "number") return h("span.n", String(v));
  if (typeof v === "boolean") return h("span.b", String(v));
  return h("span", String(v));
}

function preview(v) {
  const text = JSON.stringify(v);
  return text.length > 70 ? text.slice(0, 67) + "…" : text;
}
