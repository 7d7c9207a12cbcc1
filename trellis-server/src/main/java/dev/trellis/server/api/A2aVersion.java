package dev.trellis.server.api;

import dev.trellis.server.error.ApiException;
import io.javalin.http.Context;
import java.util.List;
import java.util.Map;

/**
 * The A2A protocol versions an agent speaks, and which one a request asks for: its
 * {@code A2A-Version} header (or query parameter), {@code Major.Minor} with any patch ignored; no
 * value means 0.3, as the 1.0 specification (§3.6.2) says. Each version has its own JSON-RPC
 * method names; a method of the other version is not found, naming the header to send.
 */
enum A2aVersion {
  V0_3("0.3", Map.of("message/send", Op.SEND, "message/stream", Op.STREAM, "tasks/get", Op.GET,
      "tasks/cancel", Op.CANCEL, "tasks/resubscribe", Op.SUBSCRIBE,
      "tasks/pushNotificationConfig/set", Op.PUSH, "tasks/pushNotificationConfig/get", Op.PUSH,
      "tasks/pushNotificationConfig/list", Op.PUSH, "tasks/pushNotificationConfig/delete", Op.PUSH,
      "agent/getAuthenticatedExtendedCard", Op.EXTENDED_CARD)),
  V1_0("1.0", Map.ofEntries(Map.entry("SendMessage", Op.SEND), Map.entry("SendStreamingMessage", Op.STREAM),
      Map.entry("GetTask", Op.GET), Map.entry("ListTasks", Op.LIST), Map.entry("CancelTask", Op.CANCEL),
      Map.entry("SubscribeToTask", Op.SUBSCRIBE), Map.entry("CreateTaskPushNotificationConfig", Op.PUSH),
      Map.entry("GetTaskPushNotificationConfig", Op.PUSH), Map.entry("ListTaskPushNotificationConfigs", Op.PUSH),
      Map.entry("DeleteTaskPushNotificationConfig", Op.PUSH), Map.entry("GetExtendedAgentCard", Op.EXTENDED_CARD)));

  /** The header (and query parameter) naming the version a client speaks. */
  static final String HEADER = "A2A-Version";

  /** What a JSON-RPC method asks for, whatever its version calls it. */
  enum Op { SEND, STREAM, GET, LIST, CANCEL, SUBSCRIBE, PUSH, EXTENDED_CARD }

  final String number;
  private final Map<String, Op> methods;

  A2aVersion(String number, Map<String, Op> methods) {
    this.number = number;
    this.methods = methods;
  }

  /** The version {@code ctx} asks for; throws {@code VersionNotSupportedError} for one this agent does not speak. */
  static A2aVersion of(Context ctx) {
    String asked = ctx.header(HEADER);
    if (asked == null || asked.isBlank()) {
      asked = ctx.queryParam(HEADER);
    }
    A2aVersion v = parse(asked);
    if (v == null) {
      throw new A2aApi.RpcError(A2aApi.VERSION_NOT_SUPPORTED, "A2A protocol version " + ApiException.echo(asked)
          + " is not supported; this agent speaks " + String.join(" and ", numbers()) + " (A2A-Version header)");
    }
    return v;
  }

  /** The version {@code asked} ({@code Major.Minor[.patch]}; blank: 0.3), or null when not spoken here. */
  static A2aVersion parse(String asked) {
    if (asked == null || asked.isBlank()) {
      return V0_3;
    }
    String[] p = asked.trim().split("\\.");
    String majorMinor = p.length == 1 ? p[0] + ".0" : p[0] + "." + p[1];
    for (A2aVersion v : values()) {
      if (v.number.equals(majorMinor)) {
        return v;
      }
    }
    return null;
  }

  /**
   * The task state {@code state} (as the tasks hold it: 0.3's {@code input-required}) as this
   * version names it (1.0: {@code TASK_STATE_INPUT_REQUIRED}), for texts a caller reads.
   */
  String state(String state) {
    return this == V1_0 ? A2aV1.state(state) : state;
  }

  /** A text naming the states a task takes input or can be canceled in: "{@code submitted or working}" in 0.3's names. */
  String states(String first, String second) {
    return state(first) + " or " + state(second);
  }

  static List<String> numbers() {
    return java.util.Arrays.stream(values()).map(v -> v.number).toList();
  }

  /** The operation {@code method} names in this version; throws {@code MethodNotFound} otherwise. */
  Op op(String method) {
    Op op = methods.get(method);
    if (op != null) {
      return op;
    }
    for (A2aVersion other : values()) {
      if (other != this && other.methods.containsKey(method)) {
        throw new A2aApi.RpcError(A2aApi.METHOD_NOT_FOUND, "method " + method + " is A2A " + other.number
            + "; this request speaks " + number + ": send the header \"A2A-Version: " + other.number + "\"");
      }
    }
    throw new A2aApi.RpcError(A2aApi.METHOD_NOT_FOUND, "method not found: " + ApiException.echo(method)
        + " (A2A " + number + " methods: " + String.join(", ", new java.util.TreeSet<>(methods.keySet())) + ")");
  }
}
