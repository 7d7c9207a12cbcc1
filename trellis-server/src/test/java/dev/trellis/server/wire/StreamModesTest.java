package dev.trellis.server.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.error.ServerException;
import dev.trellis.stream.StreamMode;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** StreamModes alone decides which modes exist, which engine modes feed them, and which stored events a client gets. */
class StreamModesTest {

  @Test
  void noModeMeansValues() {
    assertEquals(List.of("values"), StreamModes.parse(null).names());
  }

  @Test
  void repeatedModesCountOnceInTheOrderAsked() {
    assertEquals(List.of("updates", "values"), StreamModes.parse(List.of("updates", "values", "updates")).names());
  }

  @Test
  void anUnknownModeIsRefusedNamingIt() {
    ServerException e = assertThrows(ServerException.class, () -> StreamModes.parse(List.of("values", "telepathy")));
    assertEquals(ServerException.Kind.INVALID_REQUEST, e.kind());
    assertTrue(e.getMessage().contains("telepathy"), e.getMessage());
    assertThrows(ServerException.class, () -> StreamModes.parse(7));
  }

  @Test
  void debugAndEventsAskTheEngineForWhatTheyAreBuiltFrom() {
    assertEquals(EnumSet.of(StreamMode.VALUES, StreamMode.UPDATES, StreamMode.DEBUG, StreamMode.CHECKPOINTS,
        StreamMode.TASKS), StreamModes.parse("debug").engineModes());
    assertEquals(EnumSet.of(StreamMode.VALUES, StreamMode.UPDATES, StreamMode.TASKS, StreamMode.MESSAGES,
        StreamMode.EVENTS), StreamModes.parse("events").engineModes());
    assertEquals(EnumSet.of(StreamMode.VALUES, StreamMode.UPDATES), StreamModes.parse("values").engineModes());
  }

  @Test
  void aJoiningClientGetsItsModesWithSubgraphEventsMetadataAndErrors() {
    StreamModes modes = StreamModes.subset(List.of("updates", "messages-tuple"));
    assertTrue(modes.passes("updates"));
    assertTrue(modes.passes("updates|child:1"));
    assertTrue(modes.passes("messages"));
    assertTrue(modes.passes("metadata"));
    assertTrue(modes.passes("error"));
    assertFalse(modes.passes("values"));
    assertFalse(modes.passes("custom|child:1"));
    assertTrue(StreamModes.EVERY.passes("custom"));
  }

  @Test
  void eitherChatModeWantsMessages() {
    assertTrue(StreamModes.parse("messages").messages());
    assertTrue(StreamModes.parse("messages-tuple").messages());
    assertFalse(StreamModes.parse("values").messages());
  }

  @Test
  void everyEngineModeIsAskedForByItsWireNames() {
    assertEquals(java.util.Set.of("values", "updates", "messages", "messages-tuple", "custom", "events", "debug",
        "tasks", "checkpoints"), StreamModes.WIRE);
    for (StreamMode mode : StreamMode.values()) {
      for (String name : mode.wireNames()) {
        assertTrue(StreamModes.parse(name).engineModes().contains(mode), name);
      }
    }
  }

  @Test
  void aDataPartIsSentAsItsDataUnderItsModesWireName() {
    StreamEncoder encoder = new StreamEncoder(StreamModes.parse(List.of("custom")), true, "run-1", "thread-1");
    List<StreamEncoder.Out> out = encoder.encode(
        new dev.trellis.stream.StreamPart.Data(List.of("child:7"), StreamMode.CUSTOM, java.util.Map.of("n", 1)));
    assertEquals(List.of(new StreamEncoder.Out("custom|child:7", java.util.Map.of("n", 1))), out);
    assertEquals(List.of(), new StreamEncoder(StreamModes.parse("values"), true, "run-1", "thread-1")
        .encode(new dev.trellis.stream.StreamPart.Data(List.of(), StreamMode.CUSTOM, "x")));
  }
}
