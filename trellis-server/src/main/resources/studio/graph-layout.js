// A layered (Sugiyama-style) layout of a LangGraph drawing {nodes, edges}, top to bottom. Pure: no DOM.
//   1. break cycles: depth-first from __start__, an edge back to a node on the stack is a back edge;
//   2. layers by longest path over forward edges, __end__ alone in the last layer;
//   3. long forward edges get virtual points, one per layer crossed;
//   4. order within layers by barycentre sweeps (down, up, ...) to cut crossings;
//   5. coordinates: layers centred, nodes pulled toward their neighbours' mean where room allows.
// Back edges are drawn by the renderer around the right side; a node with two or more plain
// incoming edges is a join (its edges meet at one port).

const NODE_H = 34;
const LAYER_GAP = 46;
const NODE_GAP = 28;
const CHAR_W = 7.1;

export function layout(graph) {
  const nodes = new Map();
  for (const n of graph.nodes) {
    const name = typeof n.data === "object" && n.data?.name ? n.data.name : n.id;
    const label = n.id.includes(":") ? n.id.slice(n.id.lastIndexOf(":") + 1) : name;
    const terminal = n.id === "__start__" || n.id === "__end__";
    nodes.set(n.id, {
      id: n.id, label: terminal ? n.id.replaceAll("_", "") : label, terminal, virtual: false,
      w: Math.max(terminal ? 70 : 92, label.length * CHAR_W + 26), h: NODE_H, group: groupOf(n.id),
      metadata: n.metadata ?? null, x: 0, y: 0, layer: 0, order: 0,
    });
  }
  const edges = graph.edges
    .filter((e) => nodes.has(e.source) && nodes.has(e.target))
    .map((e) => ({ source: e.source, target: e.target, conditional: !!e.conditional, label: e.data ?? null, back: false, self: e.source === e.target }));
  markBackEdges(nodes, edges);
  assignLayers(nodes, edges);
  const layers = buildLayers(nodes, edges);
  orderLayers(layers, edges);
  place(layers, edges);
  markJoins(nodes, edges);
  const real = [...nodes.values()].filter((n) => !n.virtual);
  const boxes = groups(real);
  // wide enough for every node and subgraph box where pulling toward neighbours put them, plus
  // the lane on the right where back edges go round
  const right = Math.max(...real.map((n) => n.x + n.w), ...boxes.map((g) => g.x + g.w));
  const width = Math.max(Math.max(...layers.map((l) => layerWidth(l)), 200) + 140, right + 110);
  const height = layers.length * (NODE_H + LAYER_GAP) - LAYER_GAP + 30;
  return { nodes: real, edges, groups: boxes, width, height };
}

function groupOf(id) {
  const at = id.lastIndexOf(":");
  return at < 0 ? null : id.slice(0, at);
}

function markBackEdges(nodes, edges) {
  const out = new Map([...nodes.keys()].map((id) => [id, []]));
  for (const e of edges) if (!e.self) out.get(e.source).push(e);
  const state = new Map(); // 1 on stack, 2 done
  const visit = (id) => {
    state.set(id, 1);
    for (const e of out.get(id)) {
      const s = state.get(e.target);
      if (s === 1) e.back = true;
      else if (!s) visit(e.target);
    }
    state.set(id, 2);
  };
  if (nodes.has("__start__")) visit("__start__");
  for (const id of nodes.keys()) if (!state.get(id) && id !== "__end__") visit(id);
  if (nodes.has("__end__") && !state.get("__end__")) visit("__end__");
}

function assignLayers(nodes, edges) {
  const forward = edges.filter((e) => !e.back && !e.self);
  const indeg = new Map([...nodes.keys()].map((id) => [id, 0]));
  for (const e of forward) indeg.set(e.target, indeg.get(e.target) + 1);
  const queue = [...nodes.keys()].filter((id) => indeg.get(id) === 0);
  while (queue.length) {
    const id = queue.shift();
    for (const e of forward.filter((f) => f.source === id)) {
      const t = nodes.get(e.target);
      t.layer = Math.max(t.layer, nodes.get(id).layer + 1);
      indeg.set(e.target, indeg.get(e.target) - 1);
      if (indeg.get(e.target) === 0) queue.push(e.target);
    }
  }
  const end = nodes.get("__end__");
  if (end) {
    const others = [...nodes.values()].filter((n) => n !== end);
    end.layer = Math.max(end.layer, ...others.map((n) => n.layer + 1), 0);
  }
}

function buildLayers(nodes, edges) {
  const layers = [];
  for (const n of nodes.values()) (layers[n.layer] ??= []).push(n);
  for (let i = 0; i < layers.length; i++) layers[i] ??= [];
  for (const e of edges) {
    e.points = [];
    if (e.back || e.self) continue;
    const s = nodes.get(e.source);
    const t = nodes.get(e.target);
    for (let l = s.layer + 1; l < t.layer; l++) {
      const v = { id: `${e.source}->${e.target}#${l}`, virtual: true, w: 12, h: NODE_H, layer: l, x: 0, y: 0, order: 0, edge: e };
      layers[l].push(v);
      e.points.push(v);
    }
  }
  layers.forEach((l) => l.forEach((n, i) => (n.order = i)));
  return layers;
}

/** Neighbour lists over forward edges including virtual points: up (previous layer) and down (next layer). */
function links() {
  const up = new Map();
  const down = new Map();
  const add = (m, k, v) => (m.get(k) ?? m.set(k, []).get(k)).push(v);
  return { up, down, add };
}

function orderLayers(layers, edges) {
  const { up, down, add } = links();
  const byId = new Map(layers.flat().map((n) => [n.id, n]));
  for (const e of edges) {
    if (e.back || e.self) continue;
    const chain = [byId.get(e.source), ...e.points, byId.get(e.target)];
    for (let i = 0; i + 1 < chain.length; i++) {
      add(down, chain[i].id, chain[i + 1]);
      add(up, chain[i + 1].id, chain[i]);
    }
  }
  const sweep = (range, neighbours) => {
    for (const l of range) {
      const layer = layers[l];
      const bary = new Map(layer.map((n) => {
        const ns = neighbours.get(n.id) ?? [];
        return [n, ns.length ? ns.reduce((s, m) => s + m.order, 0) / ns.length : n.order];
      }));
      layer.sort((a, b) => bary.get(a) - bary.get(b) || a.order - b.order);
      layer.forEach((n, i) => (n.order = i));
    }
  };
  const downRange = [...layers.keys()].slice(1);
  const upRange = [...layers.keys()].reverse().slice(1);
  for (let i = 0; i < 4; i++) {
    sweep(downRange, up);
    sweep(upRange, down);
  }
  sweep(downRange, up);
  layers.links = { up, down };
}

const layerWidth = (layer) => layer.reduce((s, n) => s + n.w, 0) + NODE_GAP * Math.max(0, layer.length - 1);

function place(layers) {
  const width = Math.max(...layers.map(layerWidth), 200);
  const cx = width / 2 + 40;
  layers.forEach((layer, l) => {
    let x = cx - layerWidth(layer) / 2;
    for (const n of layer) {
      n.x = x;
      n.y = 10 + l * (NODE_H + LAYER_GAP);
      x += n.w + NODE_GAP;
    }
  });
  // Pull each node toward the mean centre of its neighbours, keeping order and spacing.
  const { up, down } = layers.links;
  for (let pass = 0; pass < 6; pass++) {
    for (const layer of pass % 2 ? [...layers].reverse() : layers) {
      const want = layer.map((n) => {
        const ns = [...(up.get(n.id) ?? []), ...(down.get(n.id) ?? [])];
        return ns.length ? ns.reduce((s, m) => s + m.x + m.w / 2, 0) / ns.length - n.w / 2 : n.x;
      });
      for (let i = 0; i < layer.length; i++) {
        const min = i ? layer[i - 1].x + layer[i - 1].w + NODE_GAP : 20;
        layer[i].x = Math.max(min, (layer[i].x + want[i]) / 2);
      }
      for (let i = layer.length - 2; i >= 0; i--) layer[i].x = Math.min(layer[i].x, layer[i + 1].x - layer[i].w - NODE_GAP);
    }
  }
  const minX = Math.min(...layers.flat().map((n) => n.x));
  for (const n of layers.flat()) n.x += 30 - minX;
}

function markJoins(nodes, edges) {
  for (const n of nodes.values()) {
    const plain = edges.filter((e) => e.target === n.id && !e.conditional && !e.back && !e.self);
    n.join = !n.virtual && new Set(plain.map((e) => e.source)).size >= 2;
  }
}

function groups(real) {
  const by = new Map();
  for (const n of real) {
    if (!n.group) continue;
    (by.get(n.group) ?? by.set(n.group, []).get(n.group)).push(n);
  }
  return [...by].map(([id, ns]) => {
    const x = Math.min(...ns.map((n) => n.x)) - 12;
    const y = Math.min(...ns.map((n) => n.y)) - 18;
    return { id, x, y, w: Math.max(...ns.map((n) => n.x + n.w)) + 12 - x, h: Math.max(...ns.map((n) => n.y + n.h)) + 10 - y };
  });
}
