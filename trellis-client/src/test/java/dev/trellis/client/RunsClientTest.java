package dev.trellis.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Against a real server on SQLite; a stream that never ends fails its test instead of hanging the build. */
@Timeout(300)
class RunsClientTest extends ServedTest {
  @AfterAll
  static void openGate() {
    TestGraphs.GATE.countDown();
  }

  private static String thread() {
    return client.threads().create().threadId();
  }

  @Test
  void waitReturnsTheFinalValues() {
    Map<String, Object> out = client.runs().wait(thread(), RunRequest.of("hello", Map.of("name", "Ada")));
    assertEquals("Hello, Ada! (Trellis)", out.get("greeting"));
    assertEquals(List.of("greet", "sign"), out.get("steps"));
  }

  @Test
  void aStatelessRunNeedsNoThread() {
    Map<String, Object> out = client.runs().wait(null, RunRequest.of("hello", Map.of("name", "Bo")));
    assertEquals("Hello, Bo! (Trellis)", out.get("greeting"));
  }

  @Test
  void everyStreamModeAskedForArrives() {
    RunRequest request = RunRequest.builder("hello").input(Map.of("name", "Ada"))
        .streamMode(StreamMode.values()).build();
    List<String> modes = new ArrayList<>();
    try (EventStream events = client.runs().stream(thread(), request)) {
      for (StreamEvent e : events) {
        if (!modes.contains(e.mode())) {
          modes.add(e.mode());
        }
      }
      assertNotNull(events.runId());
    }
    // messages-tuple arrives as "messages"; MESSAGES as messages/metadata and messages/partial
    for (String mode : List.of("metadata", "values", "updates", "custom", "tasks", "checkpoints", "debug", "events",
        "messages", "messages/metadata", "messages/partial")) {
      assertTrue(modes.contains(mode), mode + " missing from " + modes);
    }
  }

  @Test
  void updatesAndCustomEventsCarryWhatTheNodesWrote() {
    RunRequest request = RunRequest.builder("hello").input(Map.of("name", "Ada"))
        .streamMode(StreamMode.UPDATES, StreamMode.CUSTOM).build();
    List<StreamEvent> events;
    try (EventStream s = client.runs().stream(thread(), request)) {
      events = s.stream().filter(e -> !e.mode().equals("metadata")).toList();
    }
    assertEquals(List.of("custom", "updates", "updates"), events.stream().map(StreamEvent::event).toList());
    assertEquals(Map.of("greeting", "Ada"), events.get(0).data());
    assertEquals(List.of("greet"), ((Map<?, ?>) events.get(1).dataMap().get("greet")).get("steps"));
    assertTrue(events.stream().allMatch(e -> e.id() != null && e.namespace().isEmpty()));
  }

  @Test
  void anInterruptedRunResumesWithACommand() {
    String tid = thread();
    Map<String, Object> paused = client.runs().wait(tid, RunRequest.of("approval", Map.of("name", "report")));
    Map<?, ?> interrupt = (Map<?, ?>) ((List<?>) paused.get("__interrupt__")).getFirst();
    assertEquals("publish report?", interrupt.get("value"));
    ThreadState state = client.threads().getState(tid);
    assertEquals(List.of("ask"), state.next());
    assertEquals("publish report?", state.interrupts().getFirst().value());
    assertEquals("interrupted", client.threads().get(tid).status());

    client.runs().wait(tid, RunRequest.builder("approval").command(Command.resume("yes")).build());
    Map<String, Object> done = client.runs().wait(tid, RunRequest.builder("approval").command(Command.resume("sure")).build());
    assertEquals("yes,sure", done.get("approved"));
    assertEquals(List.of("ask", "publish"), done.get("steps"));
  }

  @Test
  void aBackgroundRunIsListedAndJoined() {
    String tid = thread();
    Run run = client.runs().create(tid, RunRequest.of("hello", Map.of("name", "Cy")));
    assertEquals(tid, run.threadId());
    Map<String, Object> out = client.runs().join(tid, run.runId());
    assertEquals("Hello, Cy! (Trellis)", out.get("greeting"));
    assertEquals("success", client.runs().get(tid, run.runId()).status());
    assertEquals(List.of(run.runId()), client.runs().list(tid, 10, 0, null).stream().map(Run::runId).toList());
    client.runs().delete(tid, run.runId());
    assertEquals(List.of(), client.runs().list(tid, 10, 0, null));
  }

  @Test
  void cancellingARunningRunStopsIt() {
    TestGraphs.GATE = new CountDownLatch(1);
    String tid = thread();
    Run run = client.runs().create(tid, RunRequest.builder("gate").input(Map.of("name", "x"))
        .streamMode(StreamMode.CUSTOM).streamResumable(true).build());
    try (EventStream s = client.runs().joinStream(tid, run.runId(), "0", false)) {
      // the node has started once its custom event is out
      assertTrue(s.stream().anyMatch(e -> e.mode().equals("custom")));
    }
    client.runs().cancel(tid, run.runId(), true, "interrupt");
    assertEquals("interrupted", client.runs().get(tid, run.runId()).status());
  }

  @Test
  void aResumableStreamIsPickedUpAfterTheLastEventSeen() {
    TestGraphs.GATE = new CountDownLatch(1);
    String tid = thread();
    RunRequest request = RunRequest.builder("gate").input(Map.of("name", "x")).streamResumable(true)
        .streamMode(StreamMode.CUSTOM, StreamMode.VALUES).build();
    String runId;
    String lastSeen;
    List<Object> first = new ArrayList<>();
    try (EventStream s = client.runs().stream(tid, request)) {
      Iterator<StreamEvent> it = s.iterator();
      while (!first.contains("before")) {
        StreamEvent e = it.next();
        if (e.mode().equals("custom")) {
          first.add(e.data());
        }
      }
      runId = s.runId();
      lastSeen = s.lastEventId();
    } // disconnects; the run continues (on_disconnect defaults to continue)
    TestGraphs.GATE.countDown();
    List<StreamEvent> rest;
    try (EventStream s = client.runs().joinStream(tid, runId, lastSeen, false)) {
      rest = s.stream().toList();
    }
    List<Object> custom = rest.stream().filter(e -> e.mode().equals("custom")).map(StreamEvent::data).toList();
    assertEquals(List.of("after"), custom);
    assertEquals(List.of("wait"), rest.getLast().dataMap().get("steps"));
  }

  @Test
  void aFailedRunThrowsItsErrorFromWaitAndFromTheStream() {
    RemoteRunException e = assertThrows(RemoteRunException.class,
        () -> client.runs().wait(thread(), RunRequest.of("fails", Map.of("name", "cake"))));
    assertEquals("IllegalStateException", e.error());
    assertEquals("no cake here", e.errorMessage());

    List<String> seen = new ArrayList<>();
    try (EventStream s = client.runs().stream(thread(), RunRequest.of("fails", Map.of("name", "pie")))) {
      for (StreamEvent ev : s) {
        seen.add(ev.mode());
      }
    }
    assertEquals("error", seen.getLast());
    try (EventStream s = client.runs().stream(thread(), RunRequest.of("fails", Map.of("name", "pie"))).throwOnError()) {
      RemoteRunException thrown = assertThrows(RemoteRunException.class, () -> s.stream().forEach(ev -> { }));
      assertEquals("no pie here", thrown.errorMessage());
    }
  }

  @Test
  void badInputIsRefusedWithTheServersDetailAndCode() {
    TrellisApiException missing = assertThrows(TrellisApiException.class,
        () -> client.runs().wait(UUID.randomUUID().toString(), RunRequest.of("hello", Map.of("name", "x"))));
    assertEquals(404, missing.status());
    assertEquals("NOT_FOUND", missing.code());
    TrellisApiException unknownGraph = assertThrows(TrellisApiException.class,
        () -> client.runs().stream(thread(), RunRequest.of("nope", Map.of())));
    assertEquals(404, unknownGraph.status());
    TrellisApiException notAnId = assertThrows(TrellisApiException.class,
        () -> client.runs().wait("no such thread", RunRequest.of("hello", Map.of("name", "x"))));
    assertEquals(422, notAnId.status());
    TrellisApiException badMode = assertThrows(TrellisApiException.class, () -> client.runs().stream(thread(),
        RunRequest.builder("hello").input(Map.of("name", "x")).set("stream_mode", List.of("colours")).build()));
    assertEquals(422, badMode.status());
    assertTrue(badMode.detail().contains("colours"), badMode.detail());
    assertFalse(badMode.getMessage().isBlank());
  }

  @Test
  void aStreamNamesTheRunAndThreadFromItsLocation() {
    String tid = thread();
    try (EventStream s = client.runs().stream(tid, RunRequest.of("hello", Map.of("name", "x")))) {
      assertEquals(tid, s.threadId());
      assertNotNull(s.runId());
      s.stream().forEach(e -> { });
      assertEquals(s.runId(), client.runs().list(tid, 1, 0, null).getFirst().runId());
    }
  }
}
