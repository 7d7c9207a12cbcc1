// Branches of a thread's checkpoint tree, for the history timeline: lane 0 is the line from the
// thread's current checkpoint back to the first; each other branch gets the next lane, newest first.

/** history: states newest first; head: the current checkpoint id. Returns Map(checkpoint_id → lane). */
export function lanes(history, head) {
  const parent = new Map(history.map((s) => [s.checkpoint.checkpoint_id, s.parent_checkpoint?.checkpoint_id ?? null]));
  const lane = new Map();
  const walk = (id, n) => {
    while (id && parent.has(id) && !lane.has(id)) {
      lane.set(id, n);
      id = parent.get(id);
    }
  };
  walk(head, 0);
  let next = 1;
  for (const s of history) {
    const id = s.checkpoint.checkpoint_id;
    if (!lane.has(id)) walk(id, next++);
  }
  return lane;
}
