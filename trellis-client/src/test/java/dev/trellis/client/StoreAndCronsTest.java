package dev.trellis.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StoreAndCronsTest extends ServedTest {
  @Test
  void storeItemsArePutFoundSearchedAndDeleted() {
    List<String> ns = List.of("users", "ada");
    client.store().putItem(ns, "prefs", Map.of("tea", "green", "milk", false));
    client.store().putItem(List.of("users", "bo"), "prefs", Map.of("tea", "black"));
    Item item = client.store().getItem(ns, "prefs");
    assertEquals(Map.of("tea", "green", "milk", false), item.value());
    assertEquals(ns, item.namespace());
    List<Item> found = client.store().searchItems(List.of("users"), Map.of("tea", "black"), null, 10, 0);
    assertEquals(List.of(List.of("users", "bo")), found.stream().map(Item::namespace).toList());
    assertEquals(List.of(List.of("users")), client.store().listNamespaces(List.of("users"), 1, 10, 0));
    client.store().deleteItem(ns, "prefs");
    assertNull(client.store().getItem(ns, "prefs"));
  }

  @Test
  void cronsAreCreatedSearchedChangedAndDeleted() {
    String tid = client.threads().create().threadId();
    Cron onThread = client.crons().createForThread(tid, "0 9 * * *", RunRequest.of("hello", Map.of("name", "Ada")));
    assertEquals(tid, onThread.threadId());
    assertNotNull(onThread.nextRunDate());
    Cron fresh = client.crons().create("30 8 * * 1", RunRequest.of("hello", Map.of("name", "Bo")), Map.of());
    assertEquals(1, client.crons().count(Map.of("thread_id", tid)));
    assertEquals(List.of(onThread.cronId()),
        client.crons().search(Map.of("thread_id", tid)).stream().map(Cron::cronId).toList());
    Cron changed = client.crons().update(fresh.cronId(), Map.of("schedule", "0 10 * * *"));
    assertEquals("0 10 * * *", changed.schedule());
    client.crons().delete(fresh.cronId());
    client.crons().delete(onThread.cronId());
    assertEquals(0, client.crons().count(Map.of("thread_id", tid)));
  }

  @Test
  void aBadScheduleIsRefusedBeforeAnyCronExists() {
    TrellisApiException e = assertThrows(TrellisApiException.class,
        () -> client.crons().create("every tuesday", RunRequest.of("hello", Map.of("name", "x")), Map.of()));
    assertEquals(422, e.status());
    assertEquals(0, client.crons().count(Map.of()));
  }
}
