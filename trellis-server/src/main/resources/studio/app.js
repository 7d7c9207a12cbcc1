// Trellis Studio: speaks only the LangGraph HTTP API of the server that serves it.
import { api } from "./api.js";

const list = document.getElementById("assistants");
const error = document.getElementById("error");

try {
  const assistants = await api("POST", "/assistants/search", { limit: 100 });
  for (const a of assistants) {
    const li = document.createElement("li");
    li.textContent = a.name + " ";
    const small = document.createElement("small");
    small.textContent = `${a.graph_id} · v${a.version}`;
    li.append(small);
    list.append(li);
  }
} catch (e) {
  error.textContent = e.message;
  error.hidden = false;
}
