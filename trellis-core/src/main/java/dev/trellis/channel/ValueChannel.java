package dev.trellis.channel;

/** The shared shape of channels that hold one value (or {@link #EMPTY}) under a name. */
abstract class ValueChannel extends Channel {
  final String name;
  Object value = EMPTY;

  ValueChannel(String name) {
    this.name = name;
  }

  @Override
  public Object get() {
    return value;
  }

  /** Clears the value in a step without writes; true when that changed it. */
  boolean clear() {
    if (value != EMPTY) {
      value = EMPTY;
      return true;
    }
    return false;
  }
}
