package dev.trellis.agent.structured;

import dev.trellis.error.ErrorCode;
import dev.trellis.error.TrellisException;

/** A model's structured answer does not follow its schema; the message says where and why. */
public final class StructuredOutputException extends TrellisException {
  public StructuredOutputException(String detail) {
    super(ErrorCode.STRUCTURED_OUTPUT, detail);
  }
}
