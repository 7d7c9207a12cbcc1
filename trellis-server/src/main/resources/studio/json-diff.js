// The difference between two JSON values as a list of changes, each {op: add|remove|change, path, from, to}.
// Objects are compared key by key and arrays index by index, recursively; equal values give no change.

export function diff(a, b, path = "") {
  if (equal(a, b)) return [];
  const both = (x) => x !== null && typeof x === "object";
  if (both(a) && both(b) && Array.isArray(a) === Array.isArray(b)) {
    const keys = Array.isArray(a) ? [...Array(Math.max(a.length, b.length)).keys()] : [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => {
      const p = Array.isArray(a) ? `${path}[${k}]` : path ? `${path}.${k}` : String(k);
      if (!(k in a)) return [{ op: "add", path: p, to: b[k] }];
      if (!(k in b)) return [{ op: "remove", path: p, from: a[k] }];
      return diff(a[k], b[k], p);
    });
  }
  if (a === undefined) return [{ op: "add", path: path || "(root)", to: b }];
  if (b === undefined) return [{ op: "remove", path: path || "(root)", from: a }];
  return [{ op: "change", path: path || "(root)", from: a, to: b }];
}

function equal(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}
