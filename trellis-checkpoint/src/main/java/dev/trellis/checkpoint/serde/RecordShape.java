package dev.trellis.checkpoint.serde;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;

/**
 * A record type's components — names, types, accessors — and its canonical constructor, looked up
 * once per class. {@code Class.getRecordComponents()} returns new accessor {@code Method}s on every
 * call, and each new {@code Method} builds its reflective accessor on first {@code invoke}: per
 * record written, that was a method-handle lookup per component.
 */
record RecordShape(String[] names, Class<?>[] types, MethodHandle[] accessors, MethodHandle constructor) {
  private static final ClassValue<RecordShape> SHAPES = new ClassValue<>() {
    @Override
    protected RecordShape computeValue(Class<?> type) {
      return lookUp(type);
    }
  };

  /** The shape of {@code type}, looked up once per class; null when it is not a record. */
  static RecordShape of(Class<?> type) {
    return type.isRecord() ? SHAPES.get(type) : null;
  }

  private static RecordShape lookUp(Class<?> type) {
    RecordComponent[] comps = type.getRecordComponents();
    String[] names = new String[comps.length];
    Class<?>[] types = new Class<?>[comps.length];
    MethodHandle[] accessors = new MethodHandle[comps.length];
    MethodHandles.Lookup lookup = MethodHandles.lookup();
    try {
      for (int i = 0; i < comps.length; i++) {
        names[i] = comps[i].getName();
        types[i] = comps[i].getType();
        var accessor = comps[i].getAccessor();
        accessor.setAccessible(true);
        accessors[i] = lookup.unreflect(accessor).asType(MethodType.methodType(Object.class, Object.class));
      }
      var ctor = type.getDeclaredConstructor(types);
      ctor.setAccessible(true);
      MethodHandle constructor = lookup.unreflectConstructor(ctor)
          .asType(MethodType.methodType(Object.class, types))
          .asSpreader(Object[].class, types.length);
      return new RecordShape(names, types, accessors, constructor);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new SerdeException("cannot read the components of record " + type.getName() + ": " + e, e);
    }
  }

  /** Component {@code i} of {@code r}. */
  Object get(Object r, int i) {
    try {
      return accessors[i].invokeExact(r);
    } catch (Error e) {
      throw e;
    } catch (Throwable e) {
      throw new SerdeException("cannot read record component " + names[i] + " of " + r.getClass().getName(), e);
    }
  }

  /** A new record from its components' values, in declaration order. */
  Object build(Object[] args) {
    try {
      return constructor.invokeExact(args);
    } catch (Error e) {
      throw e;
    } catch (Throwable e) {
      throw new SerdeException("cannot rebuild record " + constructor.type() + ": " + e, e);
    }
  }
}
