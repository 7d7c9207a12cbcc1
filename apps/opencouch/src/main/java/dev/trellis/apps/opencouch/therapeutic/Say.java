package dev.trellis.apps.opencouch.therapeutic;

/**
 * What the offline replies say, per language: one row per phrase, in English, German and French (the informal
 * du / tu). A reply picks its language once ({@code en}, {@code de} or {@code fr}: the message's, or the session's when
 * the message is too short to tell) and takes every sentence from here, so no template mixes languages. {@code %s}
 * marks what the reply fills in (a name, the user's words turned to the second person, a step).
 */
enum Say {
  NICE_TO_MEET("Nice to meet you, %s.", "Schön, dich kennenzulernen, %s.", "Enchanté de faire ta connaissance, %s."),
  GLAD_YOU_TOLD("I'm glad you told me about yourself.", "Danke, dass du mir etwas von dir erzählst.",
      "Merci de me parler un peu de toi."),
  WHAT_TODAY("What would you like to talk about today?", "Worüber möchtest du heute sprechen?",
      "De quoi aimerais-tu parler aujourd'hui ?"),
  HELLO("Hi, it's good to hear from you.", "Hallo, schön, von dir zu hören.", "Bonjour, ça me fait plaisir d'avoir de tes nouvelles."),
  HELLO_HARD("Hi, I'm glad you reached out.", "Hallo, gut, dass du dich meldest.", "Bonjour, je suis content que tu m'écrives."),
  HOW_TODAY("How are you doing today?", "Wie geht es dir heute?", "Comment ça va aujourd'hui ?"),
  GOOD_NEWS("That's wonderful news, congratulations!", "Das sind wunderbare Neuigkeiten, herzlichen Glückwunsch!",
      "C'est une merveilleuse nouvelle, félicitations !"),
  GOOD_NEWS_SAID("It sounds like %s, and you deserve to enjoy it.", "%s – das hast du dir verdient, genieß es.",
      "Si je comprends bien, %s, et tu as bien le droit d'en profiter."),
  GLAD_TO_HEAR("I'm really glad to hear that.", "Das freut mich wirklich zu hören.", "Ça me fait vraiment plaisir à entendre."),
  WHAT_HELPED("What's been helping?", "Was hat dir gutgetan?", "Qu'est-ce qui t'a fait du bien ?"),
  FEEL_ABOUT_IT("How are you feeling about it?", "Wie fühlst du dich damit?", "Comment te sens-tu par rapport à ça ?"),
  LOSS("I'm so sorry for your loss.", "Das tut mir wirklich leid.", "Je suis vraiment désolé pour ta perte."),
  LOSS_WAVES("Grief often comes in waves, and there's no right or wrong way to feel it.",
      "Trauer kommt oft in Wellen, und es gibt keinen richtigen oder falschen Weg, sie zu fühlen.",
      "Le deuil vient souvent par vagues, et il n'y a pas de bonne ou de mauvaise façon de le vivre."),
  LOSS_SINCE("How have you been since?", "Wie geht es dir seitdem?", "Comment ça va pour toi depuis ?"),
  SOUNDS_HARD("That sounds really hard, and it makes sense that it's weighing on you.",
      "Das klingt wirklich schwer, und es ist verständlich, dass es dich belastet.",
      "Ça a l'air vraiment difficile, et c'est normal que ça te pèse."),
  SOUNDS_LIKE("It sounds like %s.", "Wenn ich dich richtig verstehe: %s.", "Si je comprends bien, %s."),
  A_LOT("That's a lot to carry, and it makes sense that it's weighing on you.",
      "Das ist eine Menge auf einmal, und es ist verständlich, dass es dich belastet.",
      "C'est beaucoup à porter, et c'est normal que ça te pèse."),
  HEAVIEST("What feels heaviest about it right now?", "Was wiegt gerade am schwersten für dich?",
      "Qu'est-ce qui te pèse le plus en ce moment ?"),
  THANKS_FOR_TELLING("Thank you for telling me.", "Danke, dass du mir das erzählst.", "Merci de me le dire."),
  LISTENING("I'm listening.", "Ich höre dir zu.", "Je t'écoute."),
  HOW_BEEN("How has that been for you?", "Wie geht es dir damit?", "Comment est-ce que tu vis ça ?"),
  ABOUT_US("I'm OpenCouch, an AI support companion: not a person, and not a therapist.",
      "Ich bin OpenCouch, ein KI-Begleiter zur Unterstützung: kein Mensch und kein Therapeut.",
      "Je suis OpenCouch, un compagnon de soutien basé sur l'IA : pas une personne, et pas un thérapeute."),
  ABOUT_US_MORE("I'm here to listen, to share coping ideas, and to point you to people who can help when you need them.",
      "Ich bin da, um zuzuhören, Ideen zum Umgang mit schweren Momenten zu teilen und dir Menschen zu nennen, die "
          + "helfen können, wenn du sie brauchst.",
      "Je suis là pour t'écouter, partager des idées pour faire face, et t'orienter vers des personnes qui peuvent "
          + "t'aider quand tu en as besoin."),
  ON_YOUR_MIND("What's on your mind?", "Was beschäftigt dich?", "Qu'est-ce qui te préoccupe ?"),
  HERE_WHEN_READY("I'm here whenever you're ready.", "Ich bin da, wann immer du bereit bist.", "Je suis là dès que tu es prêt·e."),
  TALK_NEXT("What would you like to talk about next?", "Worüber möchtest du als Nächstes sprechen?",
      "De quoi aimerais-tu parler maintenant ?"),
  HEAR_YOU("Okay, I hear you.", "Okay, ich höre dich.", "D'accord, je t'entends."),
  NO_RUSH("Take your time; there's no rush.", "Lass dir Zeit, es gibt keine Eile.", "Prends ton temps, rien ne presse."),
  TELL_MORE("Would you like to tell me a bit more about it?", "Magst du mir ein bisschen mehr darüber erzählen?",
      "Tu veux m'en dire un peu plus ?"),
  OF_COURSE("Of course: %s.", "Klar: %s.", "Bien sûr : %s."),
  AND(", and ", ", und ", ", et "),
  TALK_ABOUT("What would you like to talk about?", "Worüber möchtest du sprechen?", "De quoi aimerais-tu parler ?"),
  NO_LAST_TIME("I don't have anything kept from our last conversation.", "Von unserem letzten Gespräch habe ich nichts behalten.",
      "Je n'ai rien gardé de notre dernière conversation."),
  PICK_UP("Would you like to pick up from there?", "Magst du dort anknüpfen?", "Tu veux qu'on reprenne à partir de là ?"),
  WILL_SHORT("I'll keep my replies %s", "ich fasse mich kurz", "je serai bref"),
  WILL_CALL("I'll call you %s", "ich nenne dich %s", "je t'appellerai %s"),
  WILL_NO_ADVICE("I won't give you advice", "ich gebe dir keine Ratschläge", "je ne te donnerai pas de conseils"),
  WILL_NO_QUESTIONS("I won't ask you questions", "ich stelle dir keine Fragen", "je ne te poserai pas de questions"),
  WILL_REMEMBER("I'll remember that", "ich merke es mir", "je m'en souviendrai"),
  PATTERN("It sounds like this is a pattern you've noticed coming back, not a one-off.",
      "Es klingt, als wäre das ein Muster, das immer wieder kommt, nicht etwas Einmaliges.",
      "On dirait que c'est un schéma qui revient, pas un moment isolé."),
  YOU_SAID("You said %s.", "Du hast gesagt: %s.", "Tu m'as dit que %s."),
  JUST_BEFORE("When it starts again, what do you notice just before it happens?",
      "Wenn es wieder losgeht: Was bemerkst du kurz davor?", "Quand ça recommence, qu'est-ce que tu remarques juste avant ?"),
  UNDERSTAND("I want to make sure I understand you.", "Ich möchte sicher sein, dass ich dich richtig verstehe.",
      "Je veux être sûr de bien te comprendre."),
  ANYTHING_OKAY("Whatever you're able to share is okay.", "Alles, was du teilen magst, ist in Ordnung.",
      "Tout ce que tu peux partager est bienvenu."),
  WHICH_KIND("Is this more about something that happened, about how you've been feeling lately, or something else?",
      "Geht es eher um etwas, das passiert ist, darum, wie du dich in letzter Zeit fühlst, oder um etwas anderes?",
      "Est-ce que ça concerne plutôt quelque chose qui s'est passé, ce que tu ressens ces derniers temps, ou autre chose ?"),
  GOOD_QUESTION("That's a really good question, and you're far from alone in it.",
      "Das ist eine wirklich gute Frage, und damit bist du alles andere als allein.",
      "C'est une très bonne question, et tu es loin d'être seul·e à te la poser."),
  HUMAN_REACTION("What you're describing is a very human reaction: our minds and bodies respond to stress in ways that can "
      + "feel confusing, and understanding the pattern is often the first step to easing it.",
      "Was du beschreibst, ist eine sehr menschliche Reaktion: Kopf und Körper reagieren auf Stress oft auf verwirrende "
          + "Weise, und das Muster zu verstehen, ist oft der erste Schritt, es leichter zu machen.",
      "Ce que tu décris est une réaction très humaine : notre esprit et notre corps réagissent au stress de façons parfois "
          + "déroutantes, et comprendre le mécanisme est souvent le premier pas pour l'apaiser."),
  FITS("Does that fit what you've been noticing?", "Passt das zu dem, was du bei dir bemerkst?",
      "Est-ce que ça correspond à ce que tu remarques ?"),
  LETS_TRY("Let's try %s together. Go at your own pace, and stop any time.",
      "Lass uns zusammen %s ausprobieren. Mach in deinem Tempo, und hör jederzeit auf, wenn du magst.",
      "Essayons ensemble : %s. Va à ton rythme, et arrête quand tu veux."),
  STEP("Step %s of %s: %s", "Schritt %s von %s: %s", "Étape %s sur %s : %s"),
  READY_NEXT("Tell me when you're ready for the next step.", "Sag mir Bescheid, wenn du bereit für den nächsten Schritt bist.",
      "Dis-moi quand tu es prêt·e pour l'étape suivante."),
  LAST_STEP("That was the last step. How do you feel now?", "Das war der letzte Schritt. Wie fühlst du dich jetzt?",
      "C'était la dernière étape. Comment te sens-tu maintenant ?"),
  GLAD_IT_HELPS("I'm glad it's helping.", "Schön, dass es dir hilft.", "Je suis content que ça t'aide."),
  GO_ON_OR_STOP("We can go on to step %s of %s whenever you like, or stop here; both are fine.",
      "Wir können mit Schritt %s von %s weitermachen, wann immer du magst, oder hier aufhören; beides ist in Ordnung.",
      "On peut passer à l'étape %s sur %s quand tu veux, ou s'arrêter là ; les deux sont très bien."),
  GO_ON("Would you like to go on?", "Möchtest du weitermachen?", "Tu veux continuer ?"),
  STOPPED("Of course, let's stop here. You can come back to it any time.",
      "Klar, dann hören wir hier auf. Du kannst jederzeit darauf zurückkommen.",
      "Bien sûr, arrêtons-nous là. Tu peux y revenir quand tu veux."),
  FEEL_NOW("How are you feeling now?", "Wie fühlst du dich jetzt?", "Comment te sens-tu maintenant ?"),
  THANK_YOU_TODAY("Thank you for talking with me today; it took something to share all of that.",
      "Danke, dass du heute mit mir gesprochen hast; es braucht Mut, das alles zu teilen.",
      "Merci d'avoir parlé avec moi aujourd'hui ; il fallait du courage pour partager tout ça."),
  TAKE_CARE("Take good care of yourself, and come back whenever you'd like to talk.",
      "Pass gut auf dich auf, und komm gern wieder, wann immer du reden möchtest.",
      "Prends bien soin de toi, et reviens quand tu veux pour parler."),
  TAKE_CARE_AGAIN("Take good care of yourself. I'm here whenever you want to talk again.",
      "Pass gut auf dich auf. Ich bin da, wann immer du wieder reden möchtest.",
      "Prends bien soin de toi. Je suis là quand tu veux reparler."),
  YOUR_NAME("Your name is %s.", "Du heißt %s.", "Tu t'appelles %s."),
  ON_YOUR_MIND_TODAY("What's on your mind today?", "Was beschäftigt dich heute?", "Qu'est-ce qui te préoccupe aujourd'hui ?"),
  ASKED_TO_CALL("You asked me to call you %s.", "Du hast mich gebeten, dich %s zu nennen.", "Tu m'as demandé de t'appeler %s."),
  NO_NAME_YET("I don't think you've told me your name yet.", "Ich glaube, du hast mir deinen Namen noch nicht gesagt.",
      "Je crois que tu ne m'as pas encore dit ton prénom."),
  WHAT_CALL_YOU("What would you like me to call you?", "Wie soll ich dich nennen?", "Comment veux-tu que je t'appelle ?"),
  REMEMBER_NAME("I remember that your name is %s.", "Ich weiß noch, dass du %s heißt.", "Je me souviens que tu t'appelles %s."),
  REMEMBER_FACT("I remember that %s.", "Ich weiß noch: %s.", "Je me souviens que %s."),
  NAME_IS("your name is %s", "du heißt %s", "tu t'appelles %s"),
  HERE_REMEMBER("Here's what I remember: %s.", "Das weiß ich noch von dir: %s.", "Voilà ce dont je me souviens : %s."),
  OUT_OF_DATE("Is any of that out of date?", "Stimmt das alles noch?", "Est-ce que tout ça est toujours vrai ?"),
  NOTHING_SAVED("I don't have anything saved about you yet; I only keep what you choose to tell me.",
      "Ich habe mir noch nichts über dich gemerkt; ich behalte nur, was du mir erzählen möchtest.",
      "Je n'ai encore rien gardé sur toi ; je ne garde que ce que tu choisis de me dire."),
  WHAT_KNOW("What would you like me to know?", "Was möchtest du, dass ich über dich weiß?",
      "Qu'est-ce que tu aimerais que je sache ?"),
  THINK_IT_THROUGH("That's a fair question, and I'd rather think it through with you than guess.",
      "Das ist eine berechtigte Frage, und ich denke lieber mit dir darüber nach, als zu raten.",
      "C'est une vraie question, et je préfère y réfléchir avec toi plutôt que de deviner."),
  MOST_PRESSING("What feels most pressing to you right now?", "Was fühlt sich für dich gerade am dringendsten an?",
      "Qu'est-ce qui te semble le plus urgent en ce moment ?"),
  TALK_MORE("Would you like to talk more about that?", "Möchtest du mehr darüber erzählen?", "Tu veux en parler davantage ?"),
  PAINFUL("You've shared some painful things with me, and I haven't forgotten them.",
      "Du hast mir ein paar schmerzhafte Dinge anvertraut, und ich habe sie nicht vergessen.",
      "Tu m'as confié des choses douloureuses, et je ne les ai pas oubliées."),
  COME_BACK_TO_ANY("Would you like to come back to any of it?", "Möchtest du auf etwas davon zurückkommen?",
      "Tu veux revenir sur l'une d'elles ?"),
  NOT_TOLD("I don't think you've told me about that in this conversation yet.",
      "Ich glaube, davon hast du mir in diesem Gespräch noch nichts erzählt.",
      "Je crois que tu ne m'en as pas encore parlé dans cette conversation."),
  WANT_TO_TELL("Would you like to tell me?", "Magst du mir davon erzählen?", "Tu veux m'en parler ?"),
  YOU_TOLD_ME("You told me %s.", "Du hast mir erzählt: %s.", "Tu m'as dit que %s."),
  AND_THAT(", and that ", ". Und: ", ", et que "),
  ALSO_PAINFUL("You've also shared some painful things with me, and I haven't forgotten them.",
      "Du hast mir auch ein paar schmerzhafte Dinge anvertraut, und ich habe sie nicht vergessen.",
      "Tu m'as aussi confié des choses douloureuses, et je ne les ai pas oubliées."),
  JUST_STARTED("We've only just started talking.", "Wir haben gerade erst angefangen zu reden.",
      "On vient à peine de commencer à parler."),
  COME_BACK_WHICH("Which of those would you like to come back to?", "Auf welches davon möchtest du zurückkommen?",
      "Sur lequel aimerais-tu revenir ?"),
  LETS_TALK_ABOUT("Of course, let's talk about %s.", "Klar, lass uns über %s sprechen.", "Bien sûr, parlons %s."),
  EARLIER_YOU_SAID("Earlier you said %s.", "Vorhin hast du gesagt: %s.", "Tout à l'heure, tu m'as dit que %s."),
  HOW_IS_IT_NOW("How are things with it right now?", "Wie sieht es damit gerade aus?", "Où en es-tu avec ça en ce moment ?"),
  WHAT_GOING_ON("What's been going on with it?", "Was ist da gerade los?", "Qu'est-ce qui se passe de ce côté-là ?"),
  CHECK_IN("Thank you for telling me. Some of what you said worries me, and I want to make sure you're safe. If you're "
      + "thinking about hurting yourself, you don't have to carry it alone; these people can help right now:",
      "Danke, dass du mir das erzählst. Manches, was du geschrieben hast, macht mir Sorgen, und ich möchte sichergehen, "
          + "dass du in Sicherheit bist. Wenn du daran denkst, dir etwas anzutun, musst du das nicht allein tragen; "
          + "diese Menschen können dir jetzt sofort helfen:",
      "Merci de me le dire. Certaines choses que tu as écrites m'inquiètent, et je veux m'assurer que tu es en sécurité. "
          + "Si tu penses à te faire du mal, tu n'as pas à porter ça seul·e ; ces personnes peuvent t'aider dès maintenant :");

  private final String en;
  private final String de;
  private final String fr;

  Say(String en, String de, String fr) {
    this.en = en;
    this.de = de;
    this.fr = fr;
  }

  /** The phrase in {@code lang} ({@code de}, {@code fr}; anything else English), {@code args} filled in. */
  String in(String lang, Object... args) {
    String t = switch (lang) {
      case "de" -> de;
      case "fr" -> fr;
      default -> en;
    };
    return args.length == 0 ? t : String.format(t, args);
  }
}
