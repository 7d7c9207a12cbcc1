// Trellis Studio end to end, as a person uses it: Debian's chromium driven by playwright-core
// against a live server (TRELLIS_URL) serving the test graphs and an offline `agent`. Prints one
// "ok <step>" per step, saves a screenshot per step under SCREENSHOTS, fails on the first broken
// step and on any console error or uncaught page error.
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const base = process.env.TRELLIS_URL;
const shots = process.env.SCREENSHOTS ?? "screenshots";
rmSync(shots, { recursive: true, force: true }); // only this run's screenshots
mkdirSync(shots, { recursive: true });
const profile = mkdtempSync(join(tmpdir(), "studio-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
  viewport: { width: 1280, height: 800 },
  colorScheme: "light",
});
const problems = [];
const page = context.pages()[0] ?? (await context.newPage());
page.setDefaultTimeout(15000);
page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));

let n = 0;
async function step(name, fn) {
  await fn();
  await page.screenshot({ path: join(shots, `${String(++n).padStart(2, "0")}-${name}.png`) });
  assert.equal(await page.locator("#error").isVisible(), false, `${name}: error shown: ${await page.textContent("#error-text")}`);
  console.log(`ok ${name}`);
}
const api = async (method, path, body) => {
  const res = await fetch(base + path, { method, headers: { "Content-Type": "application/json" }, body: body && JSON.stringify(body) });
  return res.status === 204 ? null : res.json();
};

try {
  await step("assistants", async () => {
    await page.goto(`${base}/studio/`);
    await page.locator(".assistant-name", { hasText: "approval" }).waitFor();
    const names = await page.locator(".assistant-name").allTextContents();
    for (const graph of ["agent", "approval", "chain", "nested", "slow"]) assert.ok(names.includes(graph), `${graph} in ${names}`);
  });

  await step("graph", async () => {
    await page.locator("tr", { has: page.locator(".assistant-name", { hasText: /^approval$/ }) }).click();
    await page.locator('#graph [data-node="review"]').waitFor();
    for (const node of ["__start__", "plan", "research", "review", "publish", "__end__"]) {
      assert.equal(await page.locator(`#graph [data-node="${node}"]`).count(), 1, node);
    }
    assert.equal(await page.locator('#graph .g-edge.conditional[data-edge="review->publish"]').count(), 1);
    assert.equal(await page.locator('#graph .g-edge:not(.conditional)[data-edge="research->review"]').count(), 1);
    await page.locator("details[data-schema=input_schema] > summary").click();
    assert.match(await page.locator("details[data-schema=input_schema]").textContent(), /topics/);
  });

  await step("run-streams-to-interrupt", async () => {
    await page.getByRole("link", { name: "Run", exact: true }).click();
    await page.fill("#in-topics", '[["pricing"], ["risks"], ["timeline"]]');
    await page.evaluate(() => {
      window.lit = new Set();
      new MutationObserver((records) => {
        for (const r of records) if (r.target.classList?.contains("running")) window.lit.add(r.target.dataset.node);
      }).observe(document.getElementById("graph"), { attributes: true, attributeFilter: ["class"], subtree: true });
    });
    await page.click("#start-run");
    await page.locator(".interrupts").waitFor();
    assert.equal(await page.locator(".event[data-event=metadata]").count(), 1);
    assert.ok(await page.locator(".event[data-event=updates]").count() >= 4, "updates events");
    assert.equal(await page.locator(".event[data-event=custom]").count(), 3, "one custom event per researcher");
    assert.match(await page.locator(".interrupts").textContent(), /publish these notes\?/);
    assert.equal(await page.locator('#graph .g-node.next[data-node="review"]').count(), 1, "review is next on the graph");
    assert.equal(await page.locator(".run-status .badge").textContent(), "interrupted");
    const lit = await page.evaluate(() => [...window.lit].sort());
    assert.deepEqual(lit, ["plan", "research", "review"], "each node was highlighted while it ran");
  });

  await step("resume", async () => {
    await page.fill(".resume-value", '"yes"');
    await page.click("button.resume");
    await page.locator(".run-status .badge.success").waitFor();
    assert.match(await page.locator(".events").textContent(), /"publish":\{"log":\["publish"\]\}/);
    assert.equal(await page.locator(".interrupts").count(), 0);
  });

  await step("history", async () => {
    await page.locator(".run-status a").click();
    await page.locator(".next-nodes").waitFor();
    assert.match(await page.locator(".next-nodes").textContent(), /finished/);
    await page.getByRole("link", { name: "History" }).click();
    await page.locator(".timeline li").first().waitFor();
    const steps = await page.locator(".timeline li").evaluateAll((lis) => lis.map((li) => li.dataset.step));
    assert.deepEqual(steps, ["4", "3", "2", "1", "0", "-1"]);
    assert.equal(await page.locator('.timeline li[data-lane="0"]').count(), steps.length, "one line before any fork");
  });

  await step("diff", async () => {
    await page.locator('.timeline li[data-step="1"] input[data-diff=A]').check();
    await page.locator('.timeline li[data-step="2"] input[data-diff=B]').check();
    const changes = await page.locator(".changes li").allTextContents();
    assert.deepEqual(changes, ['+ notes[0]: "pricing"', '+ notes[1]: "risks"', '+ notes[2]: "timeline"']);
  });

  await step("fork", async () => {
    await page.locator('.timeline li[data-step="2"]').click();
    await page.fill("#fork-values", '{"notes": ["budget"]}');
    await page.selectOption("#fork-as-node", "research");
    await page.click("#fork");
    await page.locator(".run-status .badge.interrupted").waitFor();
    await page.locator('.timeline li[data-lane="1"]').first().waitFor();
    const sources = await page.locator(".timeline li").allTextContents();
    assert.ok(sources.some((s) => /update/.test(s)), "the fork's update checkpoint is listed");
    const main = await page.locator('.timeline li[data-lane="0"]').evaluateAll((lis) => lis.map((li) => li.dataset.step));
    assert.equal(main[0], "3", `the current line runs from the fork: ${main}`);
    const other = await page.locator('.timeline li[data-lane="1"]').evaluateAll((lis) => lis.map((li) => li.dataset.step));
    assert.deepEqual(other, ["4", "3"], "the first line's later checkpoints are the other branch");
  });

  await step("replay", async () => {
    await page.locator('.timeline li[data-lane="0"][data-step="1"]').click();
    await page.locator(".detail h2", { hasText: "step 1" }).waitFor();
    await page.click("#replay");
    await page.locator(".run-status .badge.interrupted").waitFor();
    await page.locator('.timeline li[data-lane="2"]').first().waitFor();
    const main = await page.locator('.timeline li[data-lane="0"]').evaluateAll((lis) => lis.map((li) => li.dataset.step));
    assert.deepEqual(main, ["3", "2", "1", "0", "-1"], "the replay re-ran research from step 1: a third line");
    assert.match(await page.locator('.timeline li[data-lane="0"][data-step="2"]').textContent(), /fork/, "replay starts with a fork of the checkpoint");
    const lanes = await page.locator(".timeline li").evaluateAll((lis) => [...new Set(lis.map((li) => li.dataset.lane))].sort());
    assert.deepEqual(lanes, ["0", "1", "2"]);
    await page.locator("h1 .badge", { hasText: "interrupted" }).waitFor();
    await page.screenshot({ path: join(shots, `${String(n + 1).padStart(2, "0")}-replay-history.png`) });
    await page.getByRole("link", { name: "State" }).click();
    await page.locator(".values").waitFor();
    assert.doesNotMatch(await page.locator(".values").textContent(), /budget/, "the replayed line has no forked notes");
    assert.match(await page.locator(".values").textContent(), /"pricing","risks","timeline"/);
  });

  await step("chat", async () => {
    await page.goto(`${base}/studio/#/assistants/agent/run`);
    await page.fill("#chat-input", "Oslo");
    await page.click("#chat-send");
    await page.locator(".msg.ai .text", { hasText: "sunny" }).waitFor();
    await page.locator(".run-status .badge.success").waitFor();
    assert.equal(await page.locator(".msg.human").textContent(), "humanOslo");
    assert.match(await page.locator(".tool-call").first().textContent(), /weather\(\{"city":"Oslo"\}\)/);
    assert.match(await page.locator(".msg.tool").textContent(), /sunny and 21°C in Oslo/);
    assert.equal(await page.locator(".msg.streaming").count(), 0, "drafts give way to the saved messages");
    assert.ok(await page.locator(".event[data-event=messages]").count() >= 1, "message tokens were streamed");
  });

  await step("human-review", async () => {
    await page.goto(`${base}/studio/#/assistants/mailer/run`);
    await page.fill("#chat-input", "bob");
    await page.click("#chat-send");
    await page.locator(".hitl [data-action=send_email]").waitFor();
    assert.match(await page.locator(".hitl").textContent(), /"to":"bob"/);
    assert.deepEqual(await page.locator(".hitl input[type=radio]").evaluateAll((rs) => rs.map((r) => r.value)), ["approve", "edit", "reject", "respond"]);
    await page.locator(".hitl input[data-decision=edit]").check();
    await page.fill(".edit-args", '{"to": "carol", "body": "lunch at one"}');
    await page.click("button.resume");
    await page.locator(".msg.ai .text", { hasText: "Done: sent to carol." }).waitFor();
    await page.locator(".run-status .badge.success").waitFor();
    assert.match(await page.locator(".msg.tool").textContent(), /sent to carol/);
  });

  await step("store", async () => {
    await page.goto(`${base}/studio/#/store`);
    await page.fill("#put-namespace", '["docs", "team"]');
    await page.fill("#put-key", "welcome");
    await page.fill("#put-value", '{"text": "hello studio", "kind": "note"}');
    await page.click("#put");
    await page.locator('[data-namespace="docs/team"]').waitFor();
    await page.locator('tr[data-key="welcome"]').waitFor();
    await page.fill("#put-key", "other");
    await page.fill("#put-value", '{"text": "something else", "kind": "memo"}');
    await page.click("#put");
    await page.locator('tr[data-key="other"]').waitFor();
    await page.click('[data-namespace="docs/team"]');
    await page.fill("#store-filter", '{"kind": "note"}');
    await page.click("#store-search");
    await page.locator('tr[data-key="other"]').waitFor({ state: "detached" });
    assert.equal(await page.locator("tr[data-key]").count(), 1);
    await page.fill("#store-filter", "");
    await page.fill("#store-query", "hello studio");
    await page.click("#store-search");
    await page.locator('tr[data-key="other"]').waitFor();
    assert.equal(await page.locator("tr[data-key]").first().getAttribute("data-key"), "welcome", "the closest item first");
    await page.locator('tr[data-key="other"] button.danger').click();
    await page.locator('tr[data-key="other"]').waitFor({ state: "detached" });
  });

  await step("threads-search", async () => {
    await page.keyboard.press("t");
    await page.waitForURL(/#\/threads$/);
    await page.selectOption("#thread-status", "interrupted");
    await page.waitForFunction(() => {
      const statuses = [...document.querySelectorAll("table.threads .badge")].map((b) => b.textContent);
      return statuses.length === 1 && statuses[0] === "interrupted";
    });
    assert.match(await page.locator("table.threads tbody tr").textContent(), /approval/, "only the forked approval thread waits");
    await page.selectOption("#thread-status", "");
    await page.fill("#thread-metadata", '{"graph_id": "agent"}');
    await page.press("#thread-metadata", "Enter");
    await page.waitForFunction(() => [...document.querySelectorAll("table.threads tbody tr")].every((tr) => /agent/.test(tr.textContent)));
    assert.equal(await page.locator("table.threads tbody tr").count(), 1, "one chat thread with agent");
    await page.fill("#thread-metadata", "");
    await page.selectOption("#thread-status", "interrupted");
    await page.locator("table.threads tbody tr", { hasText: "approval" }).first().waitFor();
    await page.locator("main h1").focus();
    await page.keyboard.press("j");
    await page.keyboard.press("Enter");
    await page.locator(".interrupts").waitFor();
  });

  await step("runs-and-crons", async () => {
    const thread = page.url().split("/threads/")[1];
    await page.getByRole("link", { name: "Runs" }).click();
    await page.locator("table.runs tbody tr[data-run]").first().waitFor();
    assert.ok((await page.locator("table.runs .badge").allTextContents()).includes("success"));
    await api("POST", `/threads/${thread}/runs/crons`, { assistant_id: "approval", schedule: "0 9 * * 1", input: { topics: [] } });
    await page.keyboard.press("c");
    await page.locator("table.crons td code", { hasText: "0 9 * * 1" }).waitFor();
  });

  await step("busy-thread-followed", async () => {
    const { thread_id: busy } = await api("POST", "/threads", {});
    for (let i = 0; i < 3; i++) await api("POST", `/threads/${busy}/runs`, { assistant_id: "slow", input: { n: 0 } });
    await page.goto(`${base}/studio/#/threads/${busy}`);
    await page.locator("h1 .badge", { hasText: "busy" }).waitFor();
    await page.locator(".following").first().waitFor();
    await page.locator("h1 .badge", { hasText: "idle" }).waitFor();
    assert.match(await page.locator(".next-nodes").textContent(), /finished/, "the state refreshed without a reload");
    assert.match(await page.locator(".values").textContent(), /"tick","tick","tick","tick","tick"/);
  });

  await step("runs-cancel", async () => {
    const { thread_id: queued } = await api("POST", "/threads", {});
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await api("POST", `/threads/${queued}/runs`, { assistant_id: "slow", input: { n: 0 } }));
    const last = runs.at(-1).run_id;
    await page.goto(`${base}/studio/#/threads/${queued}/runs`);
    const row = page.locator(`tr[data-run="${last}"]`);
    await row.locator(".badge", { hasText: "pending" }).waitFor();
    await row.getByRole("button", { name: "Cancel" }).click();
    await page.waitForFunction((id) => {
      const b = document.querySelector(`tr[data-run="${id}"] .badge`);
      return b && !["pending", "running"].includes(b.textContent);
    }, last);
    assert.equal(await row.getByRole("button", { name: "Cancel" }).count(), 0);
    await page.waitForFunction(() => [...document.querySelectorAll("table.runs .badge")].every((b) => !["pending", "running"].includes(b.textContent)), null, { timeout: 20000 });
    assert.equal(await page.locator("table.runs .badge", { hasText: "success" }).count(), 4, "the other runs finished, seen without a reload");
    await page.locator("h1 .badge", { hasText: "idle" }).waitFor();
  });

  await step("run-cancelled-while-streaming", async () => {
    await page.goto(`${base}/studio/#/assistants/slow/run`);
    await page.fill("#in-n", "0");
    await page.click("#start-run");
    await page.locator(".run-status code").waitFor();
    await page.locator(".run-status").getByRole("button", { name: "Cancel" }).click();
    await page.locator(".run-status .badge.cancelled").waitFor();
    const ticks = await page.locator(".event[data-event=updates]").count();
    assert.ok(ticks < 5, `the run stopped early (${ticks} ticks)`);
  });

  await step("xray", async () => {
    await page.goto(`${base}/studio/#/assistants/nested`);
    await page.locator('#graph [data-node="child"]').waitFor();
    assert.equal(await page.locator("#graph .g-group").count(), 0);
    await page.getByRole("link", { name: /Expand subgraphs/ }).click();
    await page.locator('#graph .g-group[data-group="child"]').waitFor();
    assert.equal(await page.locator('#graph [data-node="child:inner"]').count(), 1);
  });

  await step("new-version", async () => {
    await page.goto(`${base}/studio/#/assistants/chain`);
    await page.fill("#version-config", '{"configurable": {"tone": "dry"}}');
    await page.click("text=Save as new version");
    await page.waitForURL(/v=2/);
    await page.locator("h1", { hasText: "v2" }).waitFor();
    assert.match(await page.locator(".jt").first().textContent(), /tone/);
  });

  await step("error-detail", async () => {
    await page.goto(`${base}/studio/#/threads/no-such-thread`);
    await page.locator("#error").waitFor();
    assert.match(await page.textContent("#error-text"), /404/);
    problems.splice(0, problems.length, ...problems.filter((p) => !/404/.test(p))); // the browser logs the 404 we asked for
    await page.screenshot({ path: join(shots, `${String(n + 1).padStart(2, "0")}-error-detail-shown.png`) });
    await page.click("#error-close");
    assert.equal(await page.locator("#error").isVisible(), false);
  });

  await step("manifest", async () => {
    await page.goto(`${base}/studio/#/assistants/topo`);
    const manifest = page.locator('section[aria-label="Topology manifest"]');
    await manifest.waitFor();
    assert.equal(await manifest.locator("tbody tr").count(), 3);
    assert.match(await manifest.locator('tr[data-edge="a→__end__"]').textContent(), /conditional.*done/);
    assert.match(await manifest.locator(".legend").textContent(), /entry ×1.*sequence ×1.*conditional ×1/s);
    await page.goto(`${base}/studio/#/assistants/chain`);
    await page.locator("#graph").waitFor();
    assert.equal(await page.locator('section[aria-label="Topology manifest"]').count(), 0, "no manifest, no section");
  });

  await step("dark", async () => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${base}/studio/#/assistants/approval`);
    await page.locator('#graph [data-node="review"]').waitFor();
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(bg, "rgb(13, 17, 23)");
  });

  assert.deepEqual(problems, [], "no console errors");
  console.log("STUDIO OK");
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
