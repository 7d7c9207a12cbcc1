package dev.trellis.error;

/** A run started with no input and nothing to resume. */
public final class EmptyInputException extends TrellisException {
  public EmptyInputException(String message) {
    super(ErrorCode.EMPTY_INPUT, message);
  }
}
