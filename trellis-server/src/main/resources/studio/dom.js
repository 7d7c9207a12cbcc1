// A tiny element builder, so views read as the markup they make.
// h("button.primary", {onclick, title: "Run"}, "Run") → <button class="primary" title="Run">Run</button>

export function h(tag, props, ...children) {
  if (props === null || typeof props !== "object" || props instanceof Node || Array.isArray(props)) {
    children.unshift(props);
    props = {};
  }
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name || "div");
  if (classes.length) el.className = classes.join(" ");
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.classList.add(...String(v).split(/\s+/).filter(Boolean));
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "value" || k === "checked" || k === "selected") el[k] = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : String(c));
  }
}

/** An SVG element with attributes. */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) el.setAttribute(k, String(v));
  for (const c of children) if (c !== undefined && c !== null) el.append(c instanceof Node ? c : String(c));
  return el;
}

/** Replaces the element's children. */
export function mount(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A short id for display: the first 8 characters of a UUID. */
export const short = (id) => (id ? String(id).slice(0, 8) : "");

/** A timestamp as local date and time, seconds included. */
export const when = (iso) => (iso ? new Date(iso).toLocaleString(undefined, { hour12: false }) : "");

/** A focusable table row that opens `href` on click or Enter (j/k move between such rows). */
export function linkRow(href, ...cells) {
  const go = () => (location.hash = href);
  return h(
    "tr",
    { "data-item": true, tabindex: 0, onclick: (e) => !e.target.closest("a,button") && go(), onkeydown: (e) => e.key === "Enter" && e.target === e.currentTarget && go() },
    cells.map((c) => h("td", c)),
  );
}

/** A status badge. */
export const badge = (status) => h("span.badge", { class: status }, status);
