package dev.trellis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** {@code trellis <command> --help} says what every option does: none is listed without a description. */
class CommandHelpTest {
  @Test
  void everyCommandsOptionsHaveADescription() {
    List<String> undocumented = new ArrayList<>();
    collect(new CommandLine(new TrellisCommand()), undocumented);
    assertEquals(List.of(), undocumented);
  }

  private static void collect(CommandLine cmd, List<String> undocumented) {
    for (OptionSpec o : cmd.getCommandSpec().options()) {
      if (String.join("", o.description()).isBlank()) {
        undocumented.add(cmd.getCommandSpec().qualifiedName() + " " + o.longestName());
      }
    }
    cmd.getSubcommands().values().forEach(sub -> collect(sub, undocumented));
  }
}
