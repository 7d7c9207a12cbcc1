// The LangGraph HTTP API, as JSON calls. A failed call throws an ApiError carrying the server's `detail`.

export class ApiError extends Error {
  constructor(method, path, status, detail) {
    super(`${method} ${path} → ${status}: ${detail}`);
    this.status = status;
    this.detail = detail;
  }
}

export async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) throw new ApiError(method, path, res.status, detailOf(data, text));
  return data;
}

export function detailOf(data, text) {
  if (data && typeof data === "object" && "detail" in data) {
    return typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
  }
  return text || "(no body)";
}

export const enc = encodeURIComponent;
