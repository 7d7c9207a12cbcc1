package dev.trellis.apps.neura;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.MessageWire;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;

/**
 * A turn's input carries the patient's new message: {@code message}, or {@code messages}
 * whose entries are all messages and whose last is a human one with some text of at most
 * {@link TurnInput#MAX_MESSAGE_CHARS} characters. Without it there is nothing new to screen,
 * and preflight would look at an old message.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Constraint(validatedBy = HasTurnMessage.Check.class)
public @interface HasTurnMessage {
  String message() default "a turn needs the patient's new message: \"message\", or \"messages\" ending with a human message";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};

  /** The check, with the violation on the field at fault. */
  final class Check implements ConstraintValidator<HasTurnMessage, TurnInput> {
    @Override
    public boolean isValid(TurnInput in, ConstraintValidatorContext ctx) {
      if (in == null || in.message() != null) {
        return true; // message's own constraints judge it
      }
      List<Object> messages = in.messages();
      if (messages == null || messages.isEmpty()) {
        return messages != null || refuse(ctx, "message", null);
      }
      Message last = null;
      for (int i = 0; i < messages.size(); i++) {
        try {
          last = MessageWire.from(messages.get(i));
        } catch (IllegalArgumentException e) {
          String why = e.getMessage().length() > 200 ? e.getMessage().substring(0, 200) + "…" : e.getMessage();
          return refuse(ctx, "messages", "[" + i + "] is not a message: " + why);
        }
      }
      if (!(last instanceof Message.Human h)) {
        return refuse(ctx, "messages", "must end with the patient's new (human) message");
      }
      if (h.text().isBlank()) {
        return refuse(ctx, "messages", "the last message must not be blank");
      }
      if (h.text().length() > TurnInput.MAX_MESSAGE_CHARS) {
        return refuse(ctx, "messages", "the last message must be at most " + TurnInput.MAX_MESSAGE_CHARS + " characters");
      }
      return true;
    }

    private static boolean refuse(ConstraintValidatorContext ctx, String field, String message) {
      ctx.disableDefaultConstraintViolation();
      String template = message == null ? ctx.getDefaultConstraintMessageTemplate()
          : message.replace("\\", "\\\\").replace("{", "\\{").replace("$", "\\$");
      ctx.buildConstraintViolationWithTemplate(template).addPropertyNode(field).addConstraintViolation();
      return false;
    }
  }
}
