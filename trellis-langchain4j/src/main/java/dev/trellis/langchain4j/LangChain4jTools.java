package dev.trellis.langchain4j;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolMemoryId;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.agent.tool.ToolSpecifications;
import dev.langchain4j.invocation.InvocationParameters;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Injected;
import dev.trellis.agent.tool.Tool;
import dev.trellis.agent.tool.ToolContext;
import dev.trellis.graph.State;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tools from LangChain4j {@code @Tool} methods: the spec (name, description, the whole JSON
 * schema of the parameters, nested records and lists included) is LangChain4j's own reading
 * of the method, passed on unchanged except that {@link Injected} parameters are left out and
 * filled from the tool's runtime. Arguments bind by name and convert JSON values to the
 * parameter types. Compile with {@code -parameters} (or annotate parameters with {@code @P})
 * so the model sees real argument names.
 */
public final class LangChain4jTools {
  private static final ObjectMapper JSON = new ObjectMapper();

  private LangChain4jTools() {}

  /** Every {@code @Tool} method of the given objects, as Trellis tools. */
  public static List<Tool> from(Object... objects) {
    List<Tool> out = new ArrayList<>();
    for (Object target : objects) {
      for (Method m : target.getClass().getDeclaredMethods()) {
        if (m.isAnnotationPresent(dev.langchain4j.agent.tool.Tool.class)) {
          out.add(tool(target, m));
        }
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Tool tool(Object target, Method method) {
    ToolSpecification spec = ToolSpecifications.toolSpecificationFrom(method);
    Map<String, Object> schema = spec.parameters() == null
        ? new LinkedHashMap<>(Map.of("type", "object", "properties", Map.of(), "required", List.of()))
        : JsonSchemaElements.toMap(spec.parameters());
    Map<String, Object> properties = new LinkedHashMap<>((Map<String, Object>) schema.get("properties"));
    List<String> required = new ArrayList<>((List<String>) schema.get("required"));
    // LangChain4j names the parameters it describes in order; pair them with the method's parameters.
    Parameter[] params = method.getParameters();
    String[] names = new String[params.length];
    Iterator<String> described = new ArrayList<>(properties.keySet()).iterator();
    for (int i = 0; i < params.length; i++) {
      Parameter p = params[i];
      if (p.isAnnotationPresent(ToolMemoryId.class) || p.getType() == InvocationParameters.class || !described.hasNext()) {
        continue;
      }
      names[i] = described.next();
      if (p.isAnnotationPresent(Injected.class)) {
        properties.remove(names[i]);
        required.remove(names[i]);
      }
    }
    schema.put("properties", properties);
    schema.put("required", required);
    method.setAccessible(true);
    return Tool.of(new ToolSpec(spec.name(), spec.description(), schema), (args, ctx) -> {
      Object[] values = new Object[params.length];
      for (int i = 0; i < values.length; i++) {
        Injected injected = params[i].getAnnotation(Injected.class);
        if (injected != null) {
          values[i] = inject(params[i], injected, ctx);
          continue;
        }
        Object raw = names[i] == null ? null : args.get(names[i]);
        values[i] = raw == null ? null : JSON.convertValue(raw, JSON.constructType(method.getGenericParameterTypes()[i]));
      }
      try {
        return method.invoke(target, values);
      } catch (InvocationTargetException e) {
        throw e.getCause() instanceof Exception ex ? ex : e;
      }
    });
  }

  private static Object inject(Parameter p, Injected injected, ToolContext ctx) {
    if (!injected.value().isEmpty()) {
      return ctx.state() == null ? null : ctx.state().get(injected.value());
    }
    Class<?> t = p.getType();
    if (t == ToolContext.class) {
      return ctx;
    }
    if (t == State.class) {
      return ctx.state();
    }
    if (t == Message.ToolCall.class) {
      return ctx.call();
    }
    if (t == dev.trellis.runtime.Runtime.class) {
      return ctx.runtime();
    }
    if (t == dev.trellis.checkpoint.store.Store.class) {
      return ctx.runtime() == null ? null : ctx.runtime().store();
    }
    if (t == dev.trellis.runtime.StreamWriter.class) {
      return ctx.runtime() == null ? null : ctx.runtime().stream();
    }
    throw new IllegalArgumentException("@Injected parameter " + p.getName() + " has type " + t.getName()
        + ": inject ToolContext, State, Store, StreamWriter, Runtime or Message.ToolCall, or name a state key");
  }
}
