package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ScriptedChatModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The offline model as a user meets it over several turns of a rule_37 conversation: what each reply says. */
class OfflineConversationTest {
  final Fixture f = new Fixture();

  @AfterEach
  void close() {
    f.close();
  }

  /** One rule_37 turn; the reply the user reads. */
  String say(String thread, String message) {
    f.graph().invoke(Fixture.input("rule_37", message), Fixture.thread(thread));
    return Wire.lastAiText(Wire.messages(f.state(thread)));
  }

  List<Map<String, Object>> messages(String thread) {
    return Wire.messages(f.state(thread));
  }

  long ran(String thread, String tool) {
    return messages(thread).stream().filter(m -> tool.equals(m.get("name"))).count();
  }

  @Test
  void questionsAboutTheRegistryAreAnsweredFromItsData() {
    String wells = say("q1", "which wells do you know about?");
    for (String name : List.of("Mitchell Ranch 1H", "Mitchell Ranch 2H", "Hutto State 3H", "Hutto State 5H", "Coyote Draw 4H")) {
      assertTrue(wells.contains(name), wells);
    }
    String line = say("q1", "whats the lease line distance for mitchell ranch #1h?");
    assertTrue(line.contains("Mitchell Ranch 1H is 300 ft from the east line of the Mitchell Ranch Lease"), line);
    String nearest = say("q1", "and the nearest well on the same lease?");
    assertTrue(nearest.contains("Mitchell Ranch 2H, 1,050 ft away"), nearest);
  }

  @Test
  void theSkillIsInjectedBeforeTheToolsItGovernsAndItsMarkerReachesNoReply() {
    String reply = say("s1", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H");
    Map<String, Object> s = f.state("s1");
    assertEquals("awaiting_hitl", s.get("status"));
    List<Map<String, Object>> msgs = messages("s1");
    int activated = -1;
    int firstGoverned = -1;
    for (int i = 0; i < msgs.size(); i++) {
      String content = String.valueOf(msgs.get(i).get("content"));
      if (activated < 0 && content.startsWith(SkillNodes.ACTIVATED)) {
        activated = i;
      }
      if (firstGoverned < 0 && "spacing_assessment".equals(msgs.get(i).get("name"))) {
        firstGoverned = i;
      }
      if ("ai".equals(msgs.get(i).get("type"))) {
        assertFalse(content.contains("SKILL_SELECT"), "answer " + i + " shows the marker: " + content);
      }
    }
    assertTrue(activated >= 0 && activated < firstGoverned, "skill at " + activated + ", its first tool at " + firstGoverned);
    assertEquals("ai", msgs.getLast().get("type"), "the execution ends with the answer, not the skill's context");
    assertTrue(reply.contains("W1-42-329-12345") && reply.contains("needs a reviewer's approval"), reply);
  }

  @Test
  void questionsWhileTheFilingAwaitsApprovalAreAnsweredEachOnItsOwn() {
    say("a1", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H");
    List<String> replies = new ArrayList<>();
    replies.add(say("a1", "what offsets are within 467 feet?"));
    assertTrue(replies.getLast().contains("No well is within 467 ft of Mitchell Ranch 1H"), replies.getLast());
    assertTrue(replies.getLast().contains("Hutto State 3H (715 ft, Red Fork Resources Inc"), replies.getLast());
    replies.add(say("a1", "who operates the offsets and have they been notified?"));
    assertTrue(replies.getLast().contains("Operators to notify: Red Fork Resources Inc"), replies.getLast());
    assertTrue(replies.getLast().contains("no record that notice has been sent"), replies.getLast());
    replies.add(say("a1", "what's the deadline for protests?"));
    assertTrue(replies.getLast().startsWith("I don't know the protest deadline"), replies.getLast());
    replies.add(say("a1", "thanks"));
    assertTrue(replies.getLast().startsWith("You're welcome."), replies.getLast());
    assertEquals(replies.size(), replies.stream().distinct().count(), replies.toString());
    assertEquals("awaiting_hitl", f.state("a1").get("status"), "still waiting for the reviewer");
    assertEquals(1, ran("a1", "rule37_filing_assembly"), "answered from the results, not by filing again");
  }

  @Test
  void aQuestionNeedingASkillNotYetLoadedWhileTheFilingAwaitsReviewIsAnsweredAndTheApprovalStaysPending() {
    say("k1", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H");
    String approval = (String) f.state("k1").get("hitl_approval_id");
    String perDay = say("k1", "how much gas will Coyote Draw 4H flare per day?");
    assertTrue(perDay.contains("1,450 MCF a day"), perDay);
    assertFalse(perDay.contains("once the reviewer has decided"), perDay);
    Map<String, Object> s = f.state("k1");
    assertTrue(((List<?>) s.get("injected_skill_ids")).contains("rrc_rule32"), "the question loaded the skill it needs");
    assertEquals("awaiting_hitl", s.get("status"), "the filing still waits for its reviewer");
    assertEquals(approval, s.get("hitl_approval_id"));
    assertEquals("pending", f.deps.approvals().get(approval).orElseThrow().status());
    assertEquals(1, f.deps.approvals().pending().size(), "no second approval was asked");
    String status = say("k1", "is it filed yet?");
    assertTrue(status.contains("waiting for a reviewer's approval"), status);
    f.deps.approvals().decide(approval, "approved", "carol", "ship it");
    String done = say("k1", "Finalise the Rule 37 filing for Mitchell Ranch 1H.");
    assertTrue(done.contains("W1-42-329-12345") && done.contains("approved by carol"), done);
    assertEquals("completed", f.state("k1").get("status"));
  }

  @Test
  void aWellNamedAfterAQuestionWordIsTheWellNotTheWord() {
    assertEquals("Coyote Draw 4H", PlannerIntent.well("how much gas will Coyote Draw 4H flare per day?"));
    assertEquals("Mitchell Ranch 1H", PlannerIntent.well("does Mitchell Ranch 1H need notice?"));
  }

  @Test
  void aGatedChangeAndAQuestionWhileItWaitsAreEachAnsweredWithWhatWaits() {
    String gated = say("g1", "Create operator Lone Star Flaring LLC.");
    assertEquals("Creating operator \"Lone Star Flaring LLC\" changes the knowledge graph, so it waits for a reviewer's "
        + "approval; nothing has changed yet.", gated);
    String news = say("g1", "Any news?");
    assertTrue(news.startsWith("Still waiting for a reviewer's approval: creating operator \"Lone Star Flaring LLC\""), news);
    assertEquals("awaiting_hitl", f.state("g1").get("status"));
  }

  @Test
  void aQuestionAfterTheApprovalIsAnsweredAndOnlyRemindsWhatTheVerdictMeansNotTheWholeSummary() {
    say("v1", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H");
    f.deps.approvals().decide((String) f.state("v1").get("hitl_approval_id"), "approved", "carol", "ship it");
    say("v1", "what's the nearest well on the lease?");
    List<Map<String, Object>> msgs = messages("v1");
    int asked = msgs.size() - 1;
    while (!"human".equals(msgs.get(asked).get("type"))) {
      asked--;
    }
    List<String> replies = msgs.subList(asked, msgs.size()).stream().filter(m -> "ai".equals(m.get("type")))
        .map(m -> String.valueOf(m.get("content"))).filter(c -> !c.isEmpty()).toList();
    assertEquals(List.of("The nearest well on the Mitchell Ranch Lease is Mitchell Ranch 2H, 1,050 ft away; the between-well "
        + "minimum is 1,200 ft, so a between-well exception is needed too.", "Form W-1 package W1-42-329-12345 was approved "
        + "by carol: \"ship it\" — ready to file. Say \"finalise\" when you want the filing summary."), replies);
    String done = say("v1", "Finalise the Rule 37 filing for Mitchell Ranch 1H.");
    assertTrue(done.contains("W1-42-329-12345") && done.contains("approved by carol"), done);
  }

  @Test
  void whoApprovesAndCancellingAFilingUnderReviewAreAnsweredNotMetWithTheHelpText() {
    say("c1", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H");
    String approval = (String) f.state("c1").get("hitl_approval_id");
    String cancel = say("c1", "Actually, cancel the filing.");
    assertEquals("A filing's review can't be withdrawn from the chat. Form W-1 package W1-42-329-12345 for Mitchell Ranch 1H "
        + "(API 42-329-12345) is waiting for a reviewer's approval; nothing is filed until then. The reviewer can reject it.", cancel);
    String who = say("c1", "who has to approve it?");
    assertTrue(who.startsWith("A reviewer decides it, not you or I. Form W-1 package W1-42-329-12345"), who);
    assertEquals("awaiting_hitl", f.state("c1").get("status"));
    assertEquals("pending", f.deps.approvals().get(approval).orElseThrow().status());
  }

  @Test
  void finalisingRightAfterTheSummaryDoesNotRepeatItWithAgain() {
    say("z1", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H");
    f.deps.approvals().decide((String) f.state("z1").get("hitl_approval_id"), "approved", "carol", "ship it");
    String done = say("z1", "Finalise the Rule 37 filing for Mitchell Ranch 1H.");
    assertTrue(done.contains("approved by carol"), done);
    List<String> answers = messages("z1").stream().filter(m -> "ai".equals(m.get("type")))
        .map(m -> String.valueOf(m.get("content"))).filter(c -> !c.isEmpty()).toList();
    assertTrue(answers.stream().noneMatch(a -> a.startsWith("Again:")), answers.toString());
    assertTrue(answers.contains("Form W-1 package W1-42-329-12345 for Mitchell Ranch 1H (API 42-329-12345) is assembled as before. Filing it "
        + "takes a reviewer's approval (good-cause review and pre-filing)."), answers.toString());
  }

  @Test
  void aSkillTheLedgerMarksButTheStateLacksIsInjectedAgain() {
    // what a worker killed after skill_inject marked the ledger leaves for the run resumed from an earlier checkpoint
    f.deps.skills().markInjected("kr1", "rrc_rule37");
    String reply = say("kr1", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H");
    assertEquals("awaiting_hitl", f.state("kr1").get("status"), reply);
    assertEquals(1, messages("kr1").stream().filter(m -> String.valueOf(m.get("content")).startsWith(SkillNodes.ACTIVATED))
        .count());
    assertEquals(1, ran("kr1", "rule37_filing_assembly"));
  }

  @Test
  void theSameQuestionTwiceGetsAReplyThatIsNotWordForWordTheSame() {
    String first = say("r1", "who operates Hutto State 3H?");
    String second = say("r1", "who operates Hutto State 3H?");
    assertTrue(first.contains("Red Fork Resources Inc"), first);
    assertNotEquals(first, second);
  }

  @Test
  void aRule32RequestToTheRule37AgentLoadsTheRule32SkillAndAssemblesTheFilingInTheSameTurn() {
    String reply = say("f1", "I need a Rule 32 flaring exception for the Coyote Draw 4H, pipeline is down for 20 days");
    Map<String, Object> s = f.state("f1");
    assertEquals("awaiting_hitl", s.get("status"), reply);
    assertEquals("pre_filing", s.get("hitl_checkpoint_type"));
    assertTrue(((List<?>) s.get("injected_skill_ids")).contains("rrc_rule32"));
    assertEquals(1, ran("f1", "rule32_filing_assembly"));
    assertTrue(reply.contains("R32-42-389-20001") && reply.contains("You mentioned 20 days"), reply);
    String perDay = say("f1", "how much gas will we flare per day?");
    assertTrue(perDay.contains("1,450 MCF a day"), perDay);
    assertEquals(1, ran("f1", "rule32_filing_assembly"), "the question does not file again");
    String gas = say("f1", "is the gas sour? how far is the pipeline?");
    assertTrue(gas.contains("H2S 380 ppm (sour)") && gas.contains("6.5 mi away"), gas);
    assertEquals("awaiting_hitl", f.state("f1").get("status"));
  }

  @Test
  void aQuestionOnARootSkillToolWhileTheRule32FilingAwaitsReviewIsAnsweredNotStalled() {
    say("f2", "I need a Rule 32 flaring exception for the Coyote Draw 4H");
    String line = say("f2", "what's its lease line distance?");
    assertTrue(line.contains("Coyote Draw 4H is 1,500 ft from the west line"), line);
  }

  @Test
  void anUnknownWellIsAnsweredWithTheWellsTheRegistryHasAndNeverWordForWordAgain() {
    String first = say("u1", "Prepare a Rule 37 spacing exception for the Barnett 2H well in Wise County");
    assertTrue(first.startsWith("I could not identify the well \"Barnett 2H\""), first);
    assertTrue(first.contains("Mitchell Ranch 1H") && first.contains("None of them is in Wise County"), first);
    assertTrue(first.contains("create well Barnett 2H"), first);
    String later = say("u1", "what's the lease line distance?");
    assertTrue(later.startsWith("Still no well \"Barnett 2H\" in the registry"), later);
    String again = say("u1", "what's the lease line distance?");
    assertNotEquals(later, again);
    String instead = say("u1", "ok, do it for Mitchell Ranch 1H instead");
    assertTrue(instead.contains("W1-42-329-12345"), instead);
    assertEquals("awaiting_hitl", f.state("u1").get("status"));
  }

  @Test
  void aMarkerSplitAcrossStreamedTokensIsNotPassedOn() {
    StringBuilder seen = new StringBuilder();
    SkillMarkers.Hiding sink = new SkillMarkers.Hiding(seen::append);
    for (String piece : List.of("Loading it.\nSKI", "LL_SEL", "ECT:rrc_ru", "le37\nDone. S", "o it goes")) {
      sink.accept(piece);
    }
    sink.flush();
    assertEquals("Loading it.\n\nDone. So it goes", seen.toString());
    assertEquals(List.of("rrc_rule37"), SkillMarkers.ids("x\nSKILL_SELECT:rrc_rule37\n"));
  }

  @Test
  void aMarkerAsOlderThreadsStoredItIsReadAndStrippedLikeANewOne() {
    // stored before LlmCall took markers out: braces as the instruction spells them, punctuation after, blank lines around
    String old = "Loading the skill.\n\n\nSKILL_SELECT:{rrc_rule37}.\n\n\nSpacing: 300 ft.";
    assertEquals("Loading the skill.\n\nSpacing: 300 ft.", SkillMarkers.strip(old));
    assertEquals(List.of("rrc_rule37"), SkillMarkers.ids(old));
    assertEquals("Selected.", SkillMarkers.strip("Selected. SKILL_SELECT:rrc_rule32,"));
    assertEquals("a SKILL_SELECTED b", SkillMarkers.strip("a SKILL_SELECTED b"), "a word that only starts like a marker stays");
  }

  @Test
  void anEpisodeSavedFromAnAnswerStoredWithAnOldMarkerQuotesNeitherTheMarkerNorItsBlankLines() {
    var config = Fixture.thread("old1");
    // an answer as an earlier version stored it (the marker in it), then a turn whose model adds no message
    f.graph().updateState(config, Map.of("messages", List.of(
        Message.human("Prepare a Rule 37 spacing exception for Mitchell Ranch 1H"),
        Message.ai("Form W-1 is assembled.\n\n\nSKILL_SELECT:{rrc_rule37}.\n\n\nNext: the review."))), null);
    ChatModel silent = ScriptedChatModel.replies(new Message.Ai(null, "", List.of(), new Message.Usage(1, 0)));
    f.graph(silent).invoke(Fixture.input("rule_37", "ok"), config);
    assertEquals("completed", f.state("old1").get("status"));
    assertEquals("rule_37: Form W-1 is assembled.\n\nNext: the review.", new Memory(f.store).working("old1").get("scratchpad"));
  }
}
