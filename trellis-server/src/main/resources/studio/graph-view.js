// Draws a layout (graph-layout.js) as SVG: plain edges solid, conditional edges dashed with their
// label, back edges around the right side, joins meeting at one port, xray subgraphs boxed.
// The returned view marks nodes as running / done / next while a run streams.
import { svg } from "./dom.js";
import { layout } from "./graph-layout.js";

export function drawGraph(graph) {
  const l = layout(graph);
  const byId = new Map(l.nodes.map((n) => [n.id, n]));
  // Scaled down to fit the window, but never below 72 %: a taller graph scrolls instead.
  const root = svg("svg", { width: l.width, height: l.height, viewBox: `0 0 ${l.width} ${l.height}`, style: `min-height: ${Math.round(l.height * 0.72)}px`,
    role: "img", "aria-label": `Graph with ${l.nodes.length} nodes` });
  root.append(
    svg("defs", {}, svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" },
      svg("path", { d: "M0,0 L10,5 L0,10 z", class: "g-arrow" }))),
  );
  for (const g of l.groups) {
    root.append(svg("g", { class: "g-group", "data-group": g.id }, svg("rect", { x: g.x, y: g.y, width: g.w, height: g.h, rx: 8 }), svg("text", { x: g.x + 6, y: g.y + 12 }, `subgraph ${g.id}`)));
  }
  const ports = outPorts(l.edges, byId);
  let backIndex = 0;
  for (const e of l.edges) {
    const s = byId.get(e.source);
    const t = byId.get(e.target);
    const [d, lx, ly] = e.self ? selfLoop(s) : e.back ? backPath(s, t, l.width, backIndex++) : forwardPath(s, t, e, ports);
    const label = e.label ?? "";
    root.append(svg("g", { class: `g-edge${e.conditional ? " conditional" : ""}${e.back ? " back" : ""}`, "data-edge": `${e.source}->${e.target}` },
      svg("title", {}, `${e.source} → ${e.target}${e.conditional ? " (conditional)" : ""}${label ? ": " + label : ""}`),
      svg("path", { d, "marker-end": "url(#arrow)" }),
      label ? svg("text", { x: lx, y: ly, "text-anchor": "middle" }, label) : null));
  }
  for (const n of l.nodes) {
    const kind = n.join ? "join" : "";
    const g = svg("g", { class: `g-node${n.terminal ? " terminal" : ""}${n.join ? " join" : ""}`, "data-node": n.id, transform: `translate(${n.x},${n.y})` },
      svg("title", {}, n.id + (n.join ? " (plain edges from several nodes meet here: a join when they run in one step)" : "") + (n.metadata ? "\n" + JSON.stringify(n.metadata) : "")),
      svg("rect", { width: n.w, height: n.h, rx: n.terminal ? 17 : 6 }),
      svg("text", { x: n.w / 2, y: n.h / 2 + 4.5, "text-anchor": "middle" }, n.label));
    if (kind) g.append(svg("text", { class: "kind", x: n.w - 4, y: -3, "text-anchor": "end" }, kind));
    if (n.join) g.append(svg("circle", { cx: n.w / 2, cy: -5, r: 4, class: "g-arrow" }));
    root.append(g);
  }
  return {
    element: root,
    /** Marks `id` with one of running, done, next (null clears the mark). */
    mark(id, state) {
      const el = root.querySelector(`[data-node="${CSS.escape(id)}"]`);
      if (!el) return;
      el.classList.remove("running", "done", "next");
      if (state) el.classList.add(state);
    },
    /** After a run: nodes still marked running are done. */
    settle() {
      for (const el of root.querySelectorAll(".g-node.running")) el.classList.replace("running", "done");
    },
    clear() {
      for (const el of root.querySelectorAll(".g-node")) el.classList.remove("running", "done", "next");
    },
  };
}

/** Where each forward edge leaves its source: outgoing edges spread along the bottom, ordered by target x. */
function outPorts(edges, byId) {
  const ports = new Map();
  const bySource = new Map();
  for (const e of edges) if (!e.back && !e.self) (bySource.get(e.source) ?? bySource.set(e.source, []).get(e.source)).push(e);
  for (const [src, es] of bySource) {
    const s = byId.get(src);
    const tx = (e) => (e.points.length ? e.points[0].x : byId.get(e.target).x + byId.get(e.target).w / 2);
    es.sort((a, b) => tx(a) - tx(b));
    es.forEach((e, i) => ports.set(e, s.x + (s.w * (i + 1)) / (es.length + 1)));
  }
  return ports;
}

function forwardPath(s, t, e, ports) {
  const start = [ports.get(e) ?? s.x + s.w / 2, s.y + s.h];
  const tx = t.join && !e.conditional ? t.x + t.w / 2 : t.x + t.w / 2;
  const end = [tx, t.y - (t.join && !e.conditional ? 9 : 1)];
  const pts = [start, ...e.points.map((p) => [p.x + p.w / 2, p.y + p.h / 2]), end];
  let d = `M${pts[0][0]},${pts[0][1]}`;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1];
    const [x1, y1] = pts[i];
    const my = (y0 + y1) / 2;
    d += ` C${x0},${my} ${x1},${my} ${x1},${y1}`;
  }
  const mid = Math.floor((pts.length - 1) / 2);
  const [ax, ay] = pts[mid];
  const [bx, by] = pts[mid + 1];
  return [d, (ax + bx) / 2, (ay + by) / 2 + 3];
}

function backPath(s, t, width, i) {
  const x0 = s.x + s.w;
  const y0 = s.y + s.h / 2;
  const x1 = t.x + t.w;
  const y1 = t.y + t.h / 2;
  const out = Math.min(width - 6, Math.max(x0, x1) + 28 + i * 14);
  const d = `M${x0},${y0} C${out},${y0} ${out},${y1} ${x1 + 2},${y1}`;
  return [d, out - 10, (y0 + y1) / 2];
}

function selfLoop(n) {
  const x = n.x + n.w;
  const y = n.y + n.h / 2;
  return [`M${x},${y - 8} C${x + 34},${y - 26} ${x + 34},${y + 26} ${x + 1},${y + 8}`, x + 30, y - 14];
}
