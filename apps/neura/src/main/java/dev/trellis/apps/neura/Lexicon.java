package dev.trellis.apps.neura;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The phrases the offline reader knows, as patients write them: clinical themes said without the theme's word
 * ("flashbacks of the crash", "my wife walked out", "I lie awake till 4", "my teenager won't talk to me"), the
 * preferences (method, gender, language, format, times, insurer) and the cues of each intent. Every pattern is
 * applied to lower-cased text with typographic apostrophes made straight ({@link #normalize}).
 */
final class Lexicon {
  private Lexicon() {
  }

  /** Lower case, straight apostrophes, single spaces. */
  static String normalize(String text) {
    return text == null ? "" : text.toLowerCase(java.util.Locale.ROOT).replace('\u2019', '\'').replace('\u2018', '\'')
        .replaceAll("\\s+", " ").trim();
  }

  private static Pattern p(String regex) {
    return Pattern.compile(regex);
  }

  private static final String KIN = "(mum|mom|mother|dad|father|husband|wife|partner|son|daughter|brother|sister|"
      + "friend|best friend|grandma|grandmother|grandpa|grandfather|nan|nana|granny|aunt|uncle|cousin|baby|child|fianc[eé]e?|"
      + "boyfriend|girlfriend|dog|cat|pet)";
  private static final String PARTNER = "(partner|husband|wife|boyfriend|girlfriend|spouse|fianc[eé]e?|bf|gf|ex)";
  private static final String CHILD = "(son|daughter|kids?|child|children|teen|teenager|teens|toddler|stepson|stepdaughter|"
      + "step-?kids?|baby|little one|boy|girl|twins|[0-9]{1,2}[- ](year|yr)s?[- ]old|teenage (son|daughter|boy|girl|kids?))";
  private static final String DEATH = "(died|dying|passed|passing|death|deceased|funeral|killed|lost (my|our|her|his)|"
      + "losing (my|our)|miscarr\\w*|stillb\\w*|suicide of|no longer with us)";

  /** A theme's cues; a message is about the theme when one is found. */
  static final Map<String, Pattern> THEME_CUES = new LinkedHashMap<>();

  static {
    THEME_CUES.put("anxiety", p("\\b(anxi\\w*|panic\\w*|worr(y|ied|ies|ying)|nervous\\w*|on edge|edgy|overthink\\w*|"
        + "over-?thinking|racing thoughts|mind (is |starts |keeps |goes |was )?racing|racing mind|can'?t (stop|switch off) (thinking|worrying|my brain)|"
        + "stress(ed|ful)?|overwhelm\\w*|dread\\w*|phobi\\w*|ocd|obsessive|compulsi\\w*|health anxiety|social anxiety|"
        + "tense|uptight|restless|jittery|scared (all the time|of everything|to leave|to go out)|fear of|afraid of "
        + "(everything|people|going|leaving|being)|on high alert|catastrophi\\w*|heart (races|racing|pounding)|"
        + "tight chest|knot in my stomach|freak(ing)? out|shaky|can'?t relax|what-ifs|(keep|can'?t stop|constantly) "
        + "(re-?)?checking|go back and check|something (terrible|bad|awful) (is going to|will) happen|nerves)\\b"));
    THEME_CUES.put("insomnia", p("\\b(insomnia\\w*|sleepless\\w*|can'?t (fall |get to |go to |stay )?(a)?sleep|"
        + "cannot (fall |get to |stay )?(a)?sleep|(trouble|problems?|difficulty|struggl\\w+|issues?) (with )?(falling |"
        + "staying )?(a)?sleep\\w*|not sleeping|barely sleep\\w*|hardly sleep\\w*|no sleep|(don'?t|didn'?t|never) sleep|"
        + "sleep(ing)? (badly|poorly|terribly|is (poor|bad|terrible|awful|a mess|wrecked))|(poor|bad|terrible|broken|"
        + "awful|no) sleep|lie awake|lying awake|laying awake|awake (all night|until|till|til|at|for hours|every night)|"
        + "(up|awake) (until|till|til) ([1-6]|two|three|four|five)|wak(e|ing) up (at [1-5]|every night|in the night|"
        + "at night|several times|constantly|too early)|wide awake|tossing and turning|keeps? me (up|awake)|"
        + "up all night|exhausted but can'?t|sleep (has been|is|'?s been|was) (so |really |just )?(terrible|awful|bad|poor|"
        + "rubbish|horrible|a mess|non-?existent|all over the place|wrecked)|sleep(ing)? (less|badly|poorly)|not sleeping well|sleep(ing)? (maybe |only |about |like |barely |just )?([0-9]|two|three|four)"
        + "( or [0-9])? hours|sleep (meds|pills|aids?)|sleep (schedule|pattern)s? (is |are )?"
        + "(off|messed|wrecked)|haven'?t slept|have not slept|can'?t switch off at night|3 ?am|4 ?am|sleep (problems?|issues?|"
        + "troubles?|difficult\\w*)|(help|helps|helping|work|works) (with|on) (my )?sleep|desperate for (some )?sleep|"
        + "(to|get) (fall )?asleep (every night|at night)|(up|awake) for hours|can'?t get back to sleep|"
        + "sleeping (pills?|tablets?|meds)|every night to (fall )?asleep|(getting|get) (maybe |only |about |like |barely |just )?"
        + "[0-9]( or [0-9])? hours( of sleep| a night)|sleep stuff|(up|awake) (every|all|most) night|(drink\\w*|beers?|wine|"
        + "alcohol|pills?|something) (more )?to (fall |get to )?(a)?sleep)\\b"));
    THEME_CUES.put("depression", p("\\b(depress\\w*|(feel|feeling|felt|been|so|really|very|pretty|quite|just) (so |really |"
        + "very |pretty |quite |kind of |kinda )?(low|down|flat|empty|numb|hopeless|worthless|miserable|blue|sad|"
        + "unhappy|in a (dark|bad) place)|sadness|(i'?m|i am) (so |really |very )?sad|(no|zero|lost( all)?|lack of) "
        + "(motivation|interest|energy|joy|drive)|unmotivated|can'?t get out of bed|(stay|staying|stayed) in bed all day|"
        + "nothing (matters|feels|brings|makes me)|don'?t (enjoy|care about) anything|lost interest|anhedonia|"
        + "cry(ing)? (all the time|every day|a lot|constantly|for no reason)|keep crying|dark place|"
        + "grey|gray cloud|black cloud|can'?t be bothered|no point|pointless|what'?s the point|hopeless|"
        + "worthless|self-?loathing|hate myself|feel like a failure(?! as a)|burn(ed|t)? ?out|dysthymi\\w*|"
        + "seasonal affective|sad lamp|low mood|(tired|exhausted) and (low|down|flat|sad)|(low|down|sad) all the "
        + "time|being sad|dragging (myself|a|around)|weighed down|cancel(ling)? on (friends|people)|mood (is|has been) (low|bad|awful)|"
        + "(going|been) through the motions|feel(ing)? nothing|lonel(y|iness)|isolat\\w*|(feel|feeling|felt) (so |really |"
        + "very |completely |totally )?alone|no friends|no ?one (understands|cares|gets)( about)? me|i have no ?one|"
        + "(stopped|stop) caring|can'?t (make|get) myself (to )?do anything|(things|stuff) i used to (love|enjoy)|"
        + "haven'?t (showered|washed|left the house)|(haven'?t|not) (felt|been feeling|feeling) like myself|cry(ing)? in "
        + "the (car|shower|bathroom)|don'?t (get out of|leave) bed|don'?t talk to (a single person|anyone))\\b"));
    THEME_CUES.put("grief", p("\\b(grie(f|ve|ving|ved)|bereave\\w*|mourn\\w*|" + DEATH + "|"
        + "lost (my|our) " + KIN + "|(my|our) " + KIN + " (died|passed|is gone|was killed|took (his|her|their) (own )?life)|"
        + "loss of (my|our|a)|since (he|she|they) (died|passed|left us)|anniversary of (his|her|their|my)|widow\\w*|"
        + "(his|her|their) (passing|death)|miss (him|her|them) so much|gone too soon|pregnancy loss|"
        + "put (my|our) (dog|cat) down)\\b"));
    THEME_CUES.put("trauma", p("\\b(trauma\\w*|c?-?ptsd|post[- ]traumatic|flash ?backs?|nightmares?|"
        + "(car|bike|motorcycle|road|traffic|work|workplace) (accident|crash|collision)|(?<!by )accident|(the|a|that|in a|bad) "
        + "crash|crashed (into|my|the|our)|collision|flood(ed|ing)?|hurricane|tornado|earthquake|wildfire|"
        + "assault\\w*|attacked|mugged|rape[d]?|sexual(ly)? (abuse|assault|violence)|abus(e|ed|ive)|molest\\w*|"
        + "domestic violence|violence|violent|(the|an|that) attack|combat|deploy\\w*|veteran|war|shooting|army|military|bad dreams|robbed|held at gunpoint|"
        + "reliv\\w*|re-?experienc\\w*|intrusive (memories|images)|keep seeing (it|the)|hypervigilan\\w*|"
        + "startle\\w*|jump at (every|loud)|triggered|dissociat\\w*|what happened to me|"
        + "(survived|survivor of)|witness(ed)? (a|the|my)|near-?death|can'?t drive since|since the (accident|crash|"
        + "attack|assault|fire|incident)|(house|apartment|building) fire|(pictures|images|memories) of (that|the) (night|"
        + "day)|(right )?back in (that|the) (moment|room|car|hallway|night|house)|(hurt|abused|touched) me when i was (a|"
        + "little)|something happened to me|bitten by)\\b"));
    THEME_CUES.put("relationships", p("\\b(relationship\\w*|marriage|marital|married|divorc\\w*|separat(ed|ion|ing)|"
        + "break ?-?up|broke up|breaking up|broken up|split up|splitting up|dumped|(he|she|they) left me|"
        + PARTNER + " (left|walked out|moved out|packed up|cheated|has been cheating|is cheating|wants (a divorce|to separate|"
        + "to leave|out)|doesn'?t (love|listen|understand|care|want)|won'?t (listen|talk|communicate)|ignores|and i "
        + "(keep |always |constantly )?(fight|argue|clash|don'?t talk)|is (distant|cold|controlling)|said (he|she|they) "
        + "(wants|needs) space)|cheat(ed|ing)|affair|infidelity|unfaithful|couples? (issues|problems|stuff)|as a couple|"
        + "(fight|fighting|arguing|argue|argument|arguments|rows) with (my )?" + PARTNER + "|(we|we'?ve been) (keep |always |"
        + "constantly )?(fight|argue|fighting|arguing)|my ex\\b|dating|in-?laws|trust issues|"
        + "communication (issues|problems)|(same|constant) (fights?|arguments?) over and over|(we|we'?ve) (keep )?(having|have) the "
        + "same (fight|argument)s?|(we'?re|we are|feel like) (complete |total )?strangers|(don'?t|can'?t) (know how to )?"
        + "(talk|communicate) (to|with) each other|(mother|father|sister|brother)-in-law|my (parents|mom|mum|dad|mother|"
        + "father|family) and i (clash|fight|argue|don'?t get along|can'?t agree)|(things are|it'?s|stuff is) (really |so )?"
        + "(bad|hard|rough|tense|awful|terrible) (with|between) (me and )?my " + PARTNER + "|drifting apart|toxic relationship|codependen\\w*|we (barely|hardly|never|don'?t) "
        + "(talk|speak|communicate|connect)|(he|she|they)'?s (so |really |become )?distant|says i'?m (so |really )?distant|"
        + "(problems|issues|trouble|things|tension|distance) (with|between) (me and )?(my )?" + PARTNER + "|"
        + PARTNER + " and i (are|have been|aren'?t|don'?t|can'?t|keep|just|always|never|barely|hardly|argue|fight|clash)|"
        + "(me and|and me) my " + PARTNER + " (barely|hardly|never|don'?t|can'?t|keep|always|aren'?t|argue|fight|clash|are (always|"
        + "constantly|just|not))|"
        + "(we|we'?re|we are) (only |just |always |constantly )?(fighting|arguing)|like roommates|behind my back|"
        + "texting (his|her) ex|(goes|went|going) through my phone|checks my phone|tearing (us|the two of us) apart|takes "
        + "(his|her|their|my)( [a-z]+'s)? side|(his|her|their) (dad|mom|mum|father|mother) left|can'?t say no to (my )?(mother|mom|mum|"
        + "father|dad|parents)|(mother|mom|mum|father|dad) (calls|guilt\\w*|controls|criticis\\w*|criticiz\\w*))\\b"));
    THEME_CUES.put("parenting", p("\\b(parent(ing|hood)?|co-?parent\\w*|worried-about (my|our) " + CHILD + "|(my|our|the) "
        + CHILD + "\\b[^.!]{0,40}?\\b(won'?t|doesn'?t|isn'?t|refuses|flinch\\w*|ignores? me|play us|(has )?started (wetting|hitting|"
        + "biting|lying|stealing|skipping|refusing|acting)|wet(s|ting) the bed|keeps (hitting|lying|"
        + "yelling|screaming|fighting|getting)|screams|yells|hits|has (tantrums|meltdowns|adhd|autism|stopped)|stopped going|is "
        + "(being|struggling|acting|failing|refusing)|got (suspended|expelled)|acting out|talks back|hates me|tantrums?|"
        + "meltdowns?|tells me|(are |is )?(starting|started|begun|beginning) to act out|act(ing)? out)|(refuses|refusing|won'?t|doesn'?t want) to go to school|stopped going to school|(don'?t|do not) know (what to do|how to (handle|deal|reach|talk to)) (with )?(him|her|them)|"
        + "can'?t (get|make) (him|her|them) to|how to handle (it|him|her|them)|(son|daughter|teen|teenager) and i (can'?t|"
        + "fight|argue|clash|don'?t|keep|really need|need help)|(bad|terrible|awful|good|better|failing) (mom|mum|dad|parent|"
        + "mother|father)|how to be a (mom|mum|dad|parent|mother|father)|(snap|yell|shout|scream) at (my|our|the) (kids|"
        + "children|son|daughter)|(handle|deal with|discipline|parent) (our|my|the) (kids|children|son|daughter|teen)|"
        + "(adhd|autistic|autism) (kids?|child|son|daughter)|feel lost with (him|her|them)|(my|our) teenagers?|toddlers?|tantrums?|meltdowns?|as a (mum|mom|mother|"
        + "dad|father|parent)|new (mum|mom|dad|parent)|single (mum|mom|dad|parent)|stay-?at-?home|school refus\\w*|"
        + "custody|step-?(son|daughter|kids?|child|children|parent)|bedtime battles|screen time|"
        + "(son|daughter|child) (has|with) (adhd|autism|asd)|how to raise (him|her|them|our|the|a)|raising (our|the|my) (kids|"
        + "children|son|daughter|baby)|(agree|argue|fight|disagree|clash)\\w* (on|about|over) (anything |everything )?(about )?"
        + "(the|our) (kids|children|son|daughter|baby)|undermines? me with the (kids|children)|bed-?wetting|hand-?offs?|"
        + "custody (exchange|handover)s?|clingy|play us against)\\b"));
  }

  /** Death words: a partner or child named with them is grief, not relationships or parenting. */
  static final Pattern DEATH_CUE = p("\\b" + DEATH + "|\\bmiss (him|her) so|\\bgrie");
  /** Partner or child nouns alone: relationships or parenting only without a death. */
  static final Pattern BARE_PARTNER = p("\\b(partner|husband|wife|boyfriend|girlfriend|spouse)\\b");
  static final Pattern BARE_CHILD = p("\\b(my|our|the) " + CHILD + "\\b");
  /** Said without the theme: "no anxiety", "I'm not depressed", "sleep is fine". */
  /** Worry about someone else ("worried about my son") is not the patient's anxiety. */
  static final Pattern WORRY_ABOUT_SOMEONE = p("\\b(worr(y|ied|ying)|concerned|anxious) (about|for) (my|our) " + KIN + "\\b");
  static final Pattern NEGATED = p("\\b(no|not|never|isn'?t|aren'?t|without|don'?t have( any)?) (really |much |"
      + "that |very |feeling |particularly )?(anxi\\w*|depress\\w*|trauma\\w*|grie\\w*|insomnia|sad|stressed|worried)\\b"
      + "|\\bsleep(ing)? (is |has been )?(fine|ok|okay|good|great|well)\\b"
      + "|\\b((probably|maybe|is it|it'?s|its) )?(just|only) stress\\b|\\bsays (it'?s|its) stress\\b|\\bshould i be worried\\b");

  /** How the empathy note names a theme, by the first cue (a regex) the message contains. */
  static final Map<String, List<String[]>> REFLECTIONS = Map.of(
      "relationships", List.of(
          new String[] {"(left|walked out|moved out|packed up|divorc|separat|break ?-?up|broke up|split up|dumped)",
              "the end of your relationship"},
          new String[] {"(cheat|affair|infidelity|unfaithful)", "a betrayal"},
          new String[] {"(fight|argu|rows|clash)", "the fighting at home"},
          new String[] {".", "strain in your relationship"}),
      "grief", List.of(new String[] {"\\b(mum|mom|mother)\\b", "the loss of your mother"},
          new String[] {"\\b(dad|father)\\b", "the loss of your father"},
          new String[] {"\\bhusband\\b", "the loss of your husband"}, new String[] {"\\bwife\\b", "the loss of your wife"},
          new String[] {"\\b(son|daughter|child|baby|miscarr)", "the loss of your child"},
          new String[] {"\\b(brother|sister)\\b", "the loss of your " + "sibling"},
          new String[] {"\\b(dog|cat|pet)\\b", "the loss of your pet"},
          new String[] {"\\b(grand|nan)", "the loss of your grandparent"},
          new String[] {"\\b(friend)\\b", "the loss of your friend"}, new String[] {".", "your loss"}),
      "trauma", List.of(new String[] {"(accident|crash|collision|driv)", "the aftermath of the accident"},
          new String[] {"(assault|attack|rape|abuse|mugged|robbed|violence)", "the aftermath of what was done to you"},
          new String[] {"(combat|deploy|war\\b|veteran|army|military)", "what you carried home from service"},
          new String[] {".", "the aftermath of what happened"}),
      "depression", List.of(new String[] {"(lonel|isolat)", "this loneliness"}, new String[] {".", "a low mood"}),
      "insomnia", List.<String[]>of(new String[] {".", "sleepless nights"}),
      "anxiety", List.of(new String[] {"panic", "panic attacks"}, new String[] {"stress|overwhelm", "this much stress"},
          new String[] {".", "constant worry"}),
      "parenting", List.of(new String[] {"teen", "a hard time with your teenager"},
          new String[] {"(toddler|tantrum|meltdown)", "the tantrums"}, new String[] {".", "a hard time with your child"}));

  /** Methods by the dataset's modality name; others the team does not offer. */
  static final Map<String, Pattern> METHODS = new LinkedHashMap<>();

  static {
    METHODS.put("EMDR", p("\\b(emdr|eye movement)"));
    METHODS.put("CBT", p("\\b(cbt|cognitive[- ]behaviou?ral|cognitive therapy|cbt-?i)\\b"));
    METHODS.put("ACT", p("\\b(acceptance (and|&) commitment|act (therapy|therapist|approach|based|-based))"));
    METHODS.put("family systems", p("\\b(family (systems|therapy|therapist|counsel\\w*)|systemic therapy|couples? "
        + "(therapy|therapist|counsel\\w*|sessions?|work)|marriage (therapy|counsel\\w*)|marital therapy|lmft|family and marriage|"
        + "(does|do|offers?|for|who does) couples|joint sessions?)\\b"));
    METHODS.put("DBT", p("\\b(dbt|dialectical)\\b"));
    METHODS.put("psychodynamic", p("\\b(psychodynamic|psychoanaly\\w*)\\b"));
    METHODS.put("hypnotherapy", p("\\bhypno\\w*"));
    METHODS.put("IFS", p("\\b(ifs|internal family systems)\\b"));
    METHODS.put("mindfulness", p("\\b(mindfulness[- ]based|mbct|mbsr)\\b"));
  }


  static final Pattern FEMALE = gender("female|woman|women|lady|ladies");
  static final Pattern MALE = gender("male|man|men|guy|gentleman");

  private static Pattern gender(String words) {
    return p("\\b((" + words + ") (therapist|counsel\\w*|provider|doctor|clinician|psychologist|one)s?|(prefer(ably|red)?|"
        + "rather|ideally|only|comfortable (with|talking to|seeing)|like|want|need|looking for|see|be with|talk to|"
        + "speak to|speak with|talk with|get|open to|happier with|easier with) (to (see|talk to|speak with|work with) )?"
        + "(a |an |with a |with an |someone )?(" + words + ")|(want|need|prefer|like|rather have|go with) the ("
        + words + ")( one| who)\\b|(a |an )?(" + words + ")(,)? (would be|is|might be) "
        + "(better|preferable|best|easier|more comfortable|great)|(a |an )?(" + words + ")(,)? (please|if possible|"
        + "ideally|preferably))\\b|^(a |an )?(" + words + ")([ ,.!]|$)");
  }
  /** Spoken languages a patient may ask for, by their English names. */
  private static final String TONGUES = "spanish|mandarin|chinese|cantonese|yoruba|danish|french|german|portuguese|"
      + "arabic|hindi|urdu|punjabi|tagalog|vietnamese|korean|japanese|russian|polish|italian|farsi|persian|turkish|"
      + "swahili|somali|bengali|greek|hebrew|ukrainian";
  static final Pattern LANGUAGE = p("\\b(" + TONGUES + "|espa[nñ]ol|asl|sign language)\\b");
  static final Pattern LANGUAGE_CONTEXT = p("\\b(speak\\w*|language|native|in (" + TONGUES + ")|bilingual|english (is|isn'?t) my|"
      + "first language|mother tongue|fluent|asl|sign language)");
  static final Pattern ONLINE = p("\\b(online|virtual\\w*|video (call|session|therap\\w*|appointment)s?|telehealth|"
      + "tele-?therapy|zoom|remotely|(sessions?|therapy|appointments?) (from|at) home|over the phone|by phone|phone "
      + "sessions?|facetime)\\b");
  static final Pattern IN_PERSON = p("\\b(in[- ]person|face[- ]to[- ]face|in the office|at (the|your|an) (office|clinic|"
      + "practice)|in (the )?clinic|come in|office visits?|sit in a room)\\b");
  static final Map<String, Pattern> SLOTS = new LinkedHashMap<>();

  static {
    SLOTS.put("evening", p("\\b(evenings?|after work|after ([5-8]|five|six|seven|eight)( ?pm)?|after hours|"
        + "late (afternoon|in the day)|weeknights?)\\b"));
    SLOTS.put("morning", p("\\b(mornings?|before work|before (9|10|nine|ten)( ?am)?|early (sessions?|appointments?|slots?)|"
        + "[6-9] ?am|before my shift|earlier in the day)\\b"));
    SLOTS.put("afternoon", p("\\b(afternoons?|lunch ?(time|break)?|midday|after school)\\b"));
    SLOTS.put("weekend", p("\\b(weekends?|saturdays?|sundays?)\\b"));
    SLOTS.put("weekday", p("\\b(weekdays?|during the week)\\b"));
    for (String d : List.of("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")) {
      SLOTS.put(d, p("\\b" + d + "s?\\b" + (d.equals("tuesday") ? "|\\btues\\b" : d.equals("thursday") ? "|\\bthurs\\b" : "")));
    }
  }

  /** Slot words only count where the message speaks of times that suit, not of when the trouble is. */
  static final Pattern SLOT_CONTEXT = p("^(mornings?|afternoons?|evenings?|weekends?|weekdays?|saturdays?|sundays?)\\b|\\b(work(s)? (best|better|for me|well)|suits?|best for me|prefer\\w*|free|"
      + "available|availability|only (do|make|manage)|can (only )?(do|make)|could (do|make)|slots?|appointments?|"
      + "sessions?|times?|schedule|see (her|him|them|someone)|ideally|if possible|open|any(thing)? (on|in)|"
      + "something (on|in)|book|during|(do|does|work|works|have|has|offer|offers) (any )?(mornings?|afternoons?|evenings?|"
      + "weekends?|weekdays?|saturdays?|sundays?))\\b");
  static final Map<String, Pattern> INSURERS = new LinkedHashMap<>();

  static {
    INSURERS.put("Aetna", p("\\baetna\\b"));
    INSURERS.put("Cigna", p("\\bcigna\\b"));
    INSURERS.put("Blue Cross", p("\\b(blue ?cross|blue ?shield|bcbs|anthem)\\b"));
    INSURERS.put("United", p("\\b(united ?health\\w*|uhc|united|optum)\\b"));
    INSURERS.put("Medicaid", p("\\b(medicaid|medi-?cal)\\b"));
    INSURERS.put("Medicare", p("\\bmedicare\\b"));
    INSURERS.put("Kaiser", p("\\bkaiser\\b"));
    INSURERS.put("Humana", p("\\bhumana\\b"));
    INSURERS.put("Tricare", p("\\btricare\\b"));
    INSURERS.put("Oscar", p("\\boscar\\b"));
  }

  // --- intents ---
  static final Pattern GREETING = p("^(hi+|hello+|hey+|hiya|howdy|heya|yo|good (morning|afternoon|evening|day)|greetings|"
      + "hola|hallo|morning|evening|hi there|hey there|hello there)\\b[ ,!.:)-]*(there|neura|again|everyone|all|team|"
      + "folks)?[ ,!.:)-]*");
  static final Pattern SMALL_TALK = p("^(how are you( doing| today)?|how'?s it going|is (anyone|anybody|someone) "
      + "(there|here)|are you there|i'?m new( here)?|nice to meet you|what'?s up|sup|first time( here)?|"
      + "(i'?m|my name is|i am) [a-z]+|can you help( me)?|i need (some )?help|i have a question|quick question)"
      + "[ ?!.,]*");
  static final Pattern THANKS_BYE = p("\\b(thanks?|thank (you|u)|thx|ty|cheers|appreciate (it|that|you)|much appreciated|"
      + "bye|goodbye|good ?bye|good night|goodnight|see (you|ya)|talk (to you )?(later|soon)|take care|that'?s (all|it|"
      + "everything)( for now)?|i'?m (all )?(good|set|done)( for now)?|have a (good|nice|great) (day|one|night|evening)|"
      + "that (helps|helped|was helpful)|very helpful|that'?s helpful|nothing else|no more questions|i'?ll think about it|"
      + "i'?ll (get back|come back))\\b");
  /** Asking to be seen soon: "I want to see someone asap", "whoever is free this week". */
  private static final String SEE_SOON = "(want|need|like) to see (someone|somebody|a therapist) (asap|soon|this week|today|"
      + "tomorrow|next week|as soon as)|see (someone|somebody) (asap|as soon as possible|this week|today)|whoever (is (free|"
      + "available)|does|works|has)|put me (on (a|the) wait ?list|with|down|in)\\b|wait ?list for|come in together|(we|both of us) "
      + "(want|would like|'d like) to come in\\b(?! person)";
  /** One to one or in a group. */
  static final String GROUP = "one[- ]on[- ]one|one[- ]to[- ]one|group (therapy|sessions?|work)|individual or group|or (a )?group";
  /** Whether children can be seen, and with whom. */
  static final String AGE = "minimum age|age limit|how old (do|does|should|must)|too (young|old) for therapy|(can|do you see) (a|my) "
      + "[0-9]{1,2} ?(year|yr)[- ]old|does a parent have to|(a|the) parent (has|have|needs?) to be (there|in the room)";
  /** A short call before the first session. */
  static final String INTRO = "intro(ductory)? (call|chat|session|meeting|consult\\w*)|(phone|video) (call|chat) (first|before)|"
      + "consultation call|meet (her|him|them) (first|before)";
  /** Whether a child or partner is seen alone or together. */
  static final String ALONE = "(see|seen|sees) (him|her|them|us|me|my (son|daughter|kid|child|partner|husband|wife)) (alone|on "
      + "(his|her|their) own|separately|together)|alone or (is it )?(together|with)|(me and|and me) (him|her) together";
  /** Booking said another way: "get on the calendar with Dr. Ana", "sign me and my wife up", "match me with whoever". */
  private static final String ON_CALENDAR = "get (me |us |something |it )?(on|in) (the|your) (calendar|schedule|books|diary)|"
      + "sign (me|us)( and my [a-z]+)? up|match (me|us) (with|up)|set (me |us )?up (with|an?|for)\\b";
  /** A day of the week, also shortened ("wed", "thurs") and plural. */
  static final String DAY = "(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|"
      + "fri|sat|sun)s?";
  /** Moving a session: "can I move my wednesday session", "push it to next week". */
  private static final String MOVE = "(move|change|push|shift|switch) (my|the|our|tomorrow'?s|today'?s|this week'?s|next week'?s|"
      + "monday'?s|tuesday'?s|wednesday'?s|thursday'?s|friday'?s) ([a-z']+ ){0,2}(appointment|session|booking|appt)s?|"
      + "push (it|that) (to|back)|(move|change|switch|shift) (it|that) to|(move|change|switch|shift|push) (it |that |the "
      + "(session|appointment|booking) )?to (this |next )?(" + DAY + "|tomorrow|next week|another day|a different day)|(need|want|have|like) to (move|reschedule|change|push) (it|that)\\b"
      // "can we make it this weekend?", "could you do it next tuesday instead?" (a day named, never "make it work")
      + "|(can|could) (we|i|you) (make|do) it (on |at )?(this |next |the )?(" + DAY + "|weekend|tomorrow|next week|another day|a "
      + "different day)\\b";
  static final Pattern BOOKING = p("\\b(book\\w*|schedul\\w*|appointments?|appt|reserve|set (me )?up (with|an?|for)|"
      + "sign me up|get me (in|seen|an?)|make an? (appointment|session)|when can i (see|start|come)|can (i|we) (see|start "
      + "with|get in with) (her|him|them|dr\\.?)|i'?d like to (see|start with|go with|meet) "
      + "(her|him|them|dr\\.?)|let'?s (do it|go with|book|go ahead)|go ahead|i'?ll (take|go with)|put me (down|in) (for|with)|"
      + "cancel\\w*|reschedul\\w*|move my (appointment|session|booking)|change my (appointment|session|booking)|"
      + "first (available|opening|slot)|next (available|opening|slot)|(can|could) (i|we) get in with|" + ON_CALENDAR + "|(someone|anyone|anything|appointments?|openings?|"
      + "slots?|spots?|time) (available|free|open)|availability (this|next)|(can i|i'?d like to|i want to|how do i) sign up|"
        + SEE_SOON + "|" + MOVE + ")\\b");
  /** Booking said as an act, not just the word "appointment" in a question about waiting times. */
  static final Pattern EXPLICIT_BOOKING = p("\\b(book\\w*|schedul\\w*|reserve|sign me up|set me up|get me (in|seen)|"
      + "cancel\\w*|reschedul\\w*|move my|put me (down|in))\\b|\\b(" + SEE_SOON + "|" + MOVE + "|" + ON_CALENDAR + ")");
  /** "I don't mind", "either is fine": a preference stated as none. */
  static final Pattern NO_PREFERENCE = p("\\b((don'?t|do not) mind|doesn'?t matter|no preference|either (is|would be) "
      + "(fine|ok|okay)|any (gender|time|day) (is )?(fine|ok|okay|works))\\b");
  static final Pattern CANCEL = p("\\b(cancel\\w*|call off|can'?t make (it|my appointment|my session))\\b");
  static final Pattern RESCHEDULE = p("\\b(reschedul\\w*|move my|change my (appointment|session|booking)|different (time|day)|"
      + MOVE + ")\\b");
  /** Words that look like booking but are not about booking with us. */
  static final Pattern NOT_BOOKING = p("\\b((doctor'?s|gp|dentist|medical|hospital|dental|vet) appointments?|my (work |busy )?"
      + "schedule (is|has)|sleep schedule|(a|the|this|that|his|her|my|any)( good| great| new)? books? (club|about|on|for)|book club|read(ing)? (a|the) book|a book\\b|schedule (is|was) "
      + "(crazy|busy|packed|full)|cancel\\w* on (my |the )?(friends|people|everyone|them|him|her)|cancel(led|ling)? "
      + "(my |our |all )?plans|before (i|we) (book|schedul\\w*|sign up|commit)|i'?ll (come back and |get back and )?"
      + "book\\w* (it )?(later|next|another|when|once|after)|put me (off|on edge))");
  static final Pattern BOOKING_QUESTION = p("\\b(how (do|can) i (book|schedule|make an appointment)|can i book online|"
      + "how does booking work)\\b");
  static final Pattern AFFIRM = p("^(yes+|yeah|yep|yup|ya|yea|sure|ok(ay)?|please|please do|do it|go ahead|sounds (good|"
      + "great|perfect)|perfect|great|that works|that'?d be (great|good|perfect)|that would be (great|good|perfect)|"
      + "let'?s do (it|that)|book (it|her|him|them|me)|absolutely|definitely|of course|alright|all right|why not|"
      + "yes please|yes,? please|ok,? please|sure,? please|please book)\\b.{0,50}$");
  /** Asking for another provider than the one offered. */
  static final Pattern SOMEONE_ELSE = p("\\b((someone|somebody|anyone|anybody|who) else|other (therapists?|options?|ones?|"
      + "people|providers?)|another (therapist|one|person|option|provider)|instead|different (therapist|person|one|provider)|"
      + "not (her|him|them))\\b");
  static final Pattern DECLINE = p("^(no|nope|nah|not (yet|now|right now)|maybe later|i'?ll think|let me think|hold off|"
      + "not sure yet)\\b");
  static final Pattern COST = p("\\b(cost\\w*|price\\w*|pricing|fees?|how much|pay (for|out|myself|cash)|paying (for|"
      + "myself|out)|payments?|self[- ]?pay|insur\\w*|covered|cover (it|"
      + "this|therapy|sessions?)|co-?pay\\w*|co-?insurance|deductible|out[- ]of[- ]pocket|afford\\w*|expensive|cheap\\w*|"
      + "sliding[- ]scale|free of charge|for free|is (it|this) free|hsa|fsa|superbill|in[- ]network|out[- ]of[- ]network|"
      + "billing|bill me|charges?|charged|can'?t pay|cannot pay|low income|tight budget|money is tight|discounts?|eap|employee "
      + "assistance|paypal|venmo|credit card|debit card|pay (with|by|using)|free (consultation|consult|session|trial|call)|"
      + "(first|initial) (session|appointment|consult\\w*|call) (is )?free|installments?|payment plans?|pay (monthly|in parts|over "
      + "time)|per (session|month|hour|visit)|(hourly|session|your) rates?|(do|when do|how do) i pay|pay (at|after|before) the "
      + "(appointment|session))\\b|\\$\\d+");
  static final Pattern PROCESS_TOPIC = p("\\b(first (session|appointment|visit|meeting|time)|intake|initial (session|"
      + "appointment|consult\\w*)|how long|how often|how many sessions|session length|sessions? (last|are)|minutes|"
      + "confidential\\w*|privacy|private|(?<!(someone|somebody|anyone|anybody|therapist) )who (can|will|would) (see|read|know) (my|what|it|this|the|about)|records|share (my|what|this)|tell my "
      + "(employer|boss|family|parents|doctor)|(employer|boss|work|job|family|parents|wife|husband|partner|insurance|"
      + "insurer|school) (find out|know|see|be told|hear)|find out|your name|who are you|what are you|"
      + "who (would|do|should|can) you (recommend|suggest)|(recommend|suggest) (someone|a therapist|anyone)|"
      + "(are|is) (the )?(sessions?|therapy|it) (online|in[- ]person|virtual|remote|by video)|online or in[- ]person|"
      + "in[- ]person or online|(don'?t|do not) (like|get on with|click with|gel with) (my|the) (therapist|counsel\\w*)|"
      + "not (a good|the right) fit|(doesn'?t|does not|don'?t|won'?t) work out|(don'?t|do not) (get along|click|gel)|what (is|are|'?s) (cbt|act|emdr|dbt|family (systems|therapy)|"
      + "family systems therapy|cognitive|acceptance|eye movement|the difference)|difference between|"
      + "how does (the |this |it |your )?(matching|match|this|it|neura|the service|the process|therapy|emdr|cbt|act)"
      + "( thing)? work|how do(es)? (you|neura|it) (match|choose|pick|decide|work)|how (did|do) you (pick|choose|match)|"
      + "why (her|him|them|this|that|dr\\.?|did you)|what happens|what should i (expect|bring|say|prepare)|(do|should) i (need to |have to )?bring|"
      + "what to expect|"
      + "expect (in|at|from)|do i need (a )?referral|referral|are you (a )?(bot|robot|human|real|person|ai|"
      + "therapist|chatbot)|is this (a )?(bot|robot|ai|real)|talking to (a )?(bot|robot|human|real person|person|"
      + "ai|machine|computer)|who are (the|your) (therapists|providers|counsel\\w*)|"
      + "what (kind|type|sort)s? of (therap\\w*|approach\\w*)|which (therapy|approach|method)|how soon|waitlist|"
      + "wait(ing)? (list|time)|how quickly|how fast|lcsw|lmft|what does [a-z]+ (mean|stand for)|(will|do|would) i have to "
      + "(talk|tell|share|say|discuss|bring)|can i (switch|change) (therapist|provider)|switch (therapist|"
      + "provider)s?|qualified|licensed|credentials|what do you do|how (do|does) (this|it) work|"
      + "how it works|what is neura|the process|what now|next steps?|what'?s next|(your|the|their|her|his) (opening )?hours|"
      + "when are you open|(we both|both of us|the whole family|everyone|all of us|my (partner|husband|wife|kids?|son|daughter)) (have|need|has|needs) to (come|attend|be there)|(have|need) to come (together|every)|do you (see|treat|work with|take|help) (teen\\w*|kids|children|adolescents|couples|families|"
      + "seniors|older (adults|people)|students)|(do you have|is there) (anyone|someone|somebody|anybody|a therapist) (for|who "
      + "(sees|works with|treats)) (my|our|kids|children|teens|teenagers|couples|families))\\b|\\b(" + GROUP + "|" + AGE + "|"
      + INTRO + "|" + ALONE + "|how does (that|this)( part)? work)\\b");
  /** Asking about a booking already made, not for a new one. */
  static final Pattern BOOKING_STATUS = p("\\b((when|what time|what day|where) (is|'?s) my (appointment|booking|session)|"
      + "confirm my (appointment|booking|session)|(details|status) of my (appointment|booking|session)|"
      + "did (it|the booking|my booking) go through|am i booked)\\b");
  static final Pattern QUESTION_FORM = p("(\\?|^(what|how|why|when|where|who|which|is|are|do|does|can|could|will|would|"
      + "should|am)\\b|\\b(will|would|does|can) (that|it|this|they) (go|be|show|get)\\b|\\b(wondering|curious|explain|tell me "
      + "(about|more|what|how)|want to know|need to know|"
      + "not sure (what|how)|any idea)\\b)");
  static final Pattern MEDICATION = p("\\b(ibuprofen|advil|motrin|paracetamol|acetaminophen|tylenol|aspirin|naproxen|"
      + "aleve|ramipril|lisinopril|amlodipine|metformin|statin\\w*|warfarin|insulin|antibiotic\\w*|amoxicillin|"
      + "sertraline|zoloft|fluoxetine|prozac|citalopram|escitalopram|lexapro|paroxetine|venlafaxine|effexor|"
      + "duloxetine|bupropion|wellbutrin|mirtazapine|trazodone|quetiapine|lithium|lamotrigine|diazepam|valium|"
      + "lorazepam|ativan|alprazolam|xanax|clonazepam|zopiclone|zolpidem|ambien|propranolol|melatonin|ssri\\w*|"
      + "antidepressants?|anti-?depressants?|benzo\\w*|birth control|the pill|contracepti\\w*|inhaler|antihistamine|"
      + "meds|medications?|medicines?|pills?|tablets?|prescri\\w*|dose|dosage|mg\\b|side[- ]effects?|pharmac\\w*|benadryl|"
      + "nyquil|unisom|addictive|habit[- ]forming|beta[- ]?blockers?)\\b");
  static final Pattern MEDICATION_QUESTION = p("\\b((do|would|will) i (need|have) to (take|be on)|do i need (meds|"
      + "medication)|can i (just |still |also )?(take|mix|have|drink|stop|double)|is it (safe|ok|okay|"
      + "fine|bad)|is (that|it|this) (bad|safe|dangerous|harmful) for me|addictive|habit[- ]forming|take two|"
      + "safe to|together with|interact\\w*|mix (it|them)|combine|side[- ]effects?|should i (take|stop|"
      + "keep|up|lower|increase|reduce|switch|come off)|how (much|many|often) (should|can|do) i|dose|dosage|"
      + "missed (a|my) dose|come off|coming off|withdrawal|(start|stop)(ed|ping)? (taking|my)|with (my|the) "
      + "(meds|medication|pills|prescription)|(do|should|would) i (need|have) to (stop|quit|come off|taper)|prescribe|psychiatrist|"
      + "medication management|manage (my )?(meds|medication)|refills?|run(ning)? out of|ran out of|is (it|this|that) normal)\\b");
  static final Pattern EXTRA_SYMPTOMS = p("\\b(sore (back|neck|knee|shoulder|head|stomach|arm|leg|foot|feet|hip|ear|eye|"
      + "eyes|muscles?|joints?)|(stomach|tummy|belly|head|back|chest|throat|ear|tooth|teeth|knee|hip|neck|"
      + "shoulder|joint|leg|arm|wrist|ankle|foot|feet|hand|eye|eyes|side|ribs?)s? (has been |have been |is |are |keeps? |"
      + "started |been )?(hurting|aching|hurts|aches|sore|swollen|killing me|bleeding|throbbing|burning|cramping)|sore throat|throat (is |has been )?(sore|hurts|killing)|(ear|ears) "
      + "(hurt|hurts|ache|aches|is (hurting|aching|blocked)|infection)|earache|ear ache|cough\\w*|sneez\\w*|runny nose|"
      + "congest\\w*|sinus\\w*|flu\\b|covid|cold sore|a cold\\b|temperature|\\b3[6-9][.,][0-9]|\\b10[0-4]([.,][0-9])?"
      + " ?(f|degrees|°)|chills|swollen|swelling|lump|infection|infected|toothache|tooth (ache|hurts|pain)|"
      + "back (pain|hurts|ache)|(stomach|tummy|belly|abdominal) (pain|hurts|ache|cramps?)|diarrh\\w*|constipat\\w*|"
      + "migraine|(knee|hip|neck|shoulder|joint|leg|arm|wrist|ankle|foot|hand|head|eye|eyes) (pain|hurts|is hurting|"
      + "aches?|is swollen|is red)|(pain|ache) in my|hurts? (when|to) (i )?(swallow|pee|breathe|walk)|numb(ness)? in|"
      + "tingling|blurred vision|seizure|injur(y|ed|ies)|sprain\\w*|broken (bone|arm|leg|wrist|ankle)|"
      + "bleed\\w*|period pain|heart attack|stroke|"
      + "(my )?(blood pressure|bp) (is|was|reading)|skipp(ing|ed|s) (a )?beats?|palpitations|irregular heart\\w*|urinary|uti\\b|rash|hives|vomit\\w*|throw(ing)? up|allergic reaction|"
      + "nause\\w*|fever\\w*|dizz\\w*|faint\\w*|chest pain|lost [0-9]+ ?(pounds|lbs|kg|kilos)|weight loss|(haven'?t had|missed) "
      + "(a|my) period|(resting )?heart rate|snor\\w*|sleep apnea)\\b");
  /** Asking whether to see a doctor: answered as a physical question even when the message is also about worry. */
  static final Pattern SEE_A_DOCTOR = p("\\b(should i (get (it|that|this|them) (checked|looked at)|see (a|my) (doctor|gp|physician|"
      + "gyno\\w*|dentist|neurologist|cardiologist|specialist|dermatologist)|go to (the )?(er|a&e|emergency|urgent care|"
      + "hospital)|tell my doctor)|(doctor|gp) or (a )?(therap\\w*|counsel\\w*)( first)?|get (it|that|this|them) (checked|"
      + "looked at|seen to)|(do|would) i need to see (a|my) "
      + "(medical )?(doctor|gp|physician)|get (it|that|this) checked|(get|be) tested for|should i be worried (about (that|it|"
      + "this) )?physically|how do i know it'?s not (a )?(heart attack|stroke|something (serious|physical)))\\b");
  /** Bodily signs of panic: in a message about anxiety they are the concern, not a physical complaint. */
  static final Pattern PANIC_BODY = p("\\b(heart (races|racing|pounding|pounds)|can'?t breathe|short(ness)? of breath|"
      + "chest (tight\\w*|feels tight)|tight chest|shaking|sweating|dizz\\w*|nause\\w*|light-?headed|faint\\w*|"
      + "(like|thought) (i was|it was) (having )?a heart attack|heart attack)\\b");
  static final Pattern DISTRESS = p("\\b(struggl\\w*|hard time|rough (time|patch|few)|tough time|not (doing )?(ok|okay|"
      + "well|great|good)|need (some )?(help|support|someone to talk to)|going through|can'?t cope|not coping|"
      + "coping|falling apart|(start|begin|try|get into) (therapy|counsel\\w*|seeing someone)|(just )?too much|can'?t (handle|take) (it|this|much more)|tried (therapy|counsel\\w*|"
      + "medication|everything)|fall apart|overwhelm\\w*|angry|anger|rage|irritab\\w*|mental health|"
      + "(need|want|looking for|find) (a |some )?(therap\\w*|counsel\\w*|someone to talk|help)|talk to someone|"
      + "(bad|rough|hard|awful|terrible|tough|shit|crap) (week|day|month|year|few weeks|few days|time)|"
      + "feel(ing)? (off|awful|terrible|bad|lost|stuck|crap|like crap)|self[- ]esteem|confidence|"
      + "(eating|food) (issues|disorder)|binge|drinking too much|alcohol|addict\\w*|burn(ed|t)? ?out|"
      + "adhd|autis\\w*|bipolar|mood swings|body image|lgbt\\w*|coming out|(work|job|school|uni|college|exams?) "
      + "(stress|pressure|is (killing|stressing|crushing|overwhelming)|has been (awful|hard|rough))|stress(ed)? (at|about|"
      + "from|over) (work|my job|school|exams)|my (boss|manager)|lost my job|new city|self-?harm\\w*|"
      + "(feel|feeling) like (i'?m )?(drowning|sinking))\\b");
  /** A preference stated as a wish ("preferably", "I'd like someone who…"): the message is about the therapist. */
  static final Pattern PREFERENCE_WISH = p("\\b(prefer\\w*|ideally|rather|would like (a|someone|somebody|to see)|"
      + "i'?d like (a|someone|somebody|to see)|looking for (a|someone|somebody|an?) ?(therapist|counsel\\w*|"
      + "psychologist|provider|who|that)?|want (a|someone|somebody) (who|that|with)|need (a|someone|somebody) (who|that|"
      + "with)|someone who|somebody who|(therapist|counsel\\w*|provider) (who|that) (does|do|offers|practi\\w*|speaks|"
      + "specializ\\w*|specialis\\w*|works)|do (you|any of your \\w+) (have|offer|do)|is there (a|someone|anyone)|"
      + "does (anyone|someone)|(works|work) (best|better|for me)|only (available|free|do|can)|suits? me|"
      + "if possible|doesn'?t matter|don'?t mind)\\b");

  /** What kind of person the therapist should be: "someone who won't judge me", "someone a bit older", "is she a mum?". */
  static final Pattern THERAPIST_TRAIT = p("\\b(((want|need|like|looking for|have) )?(someone|somebody|anybody|anyone|a therapist|a counsel\\w*|therapist) (who|that)\\b|"
      + "(someone|somebody|a therapist) (a bit |much |slightly )?(older|younger)|(older|younger) (therapist|someone|person)|"
      + "is (she|he) (a|an|married|religious|\\w+ (herself|himself))\\b|(something|someone|somebody|a therapist|therapy|an approach) "
      + "(more |that'?s |that is |who is |a bit )?(structured|practical|direct|hands-on|evidence-based|down to earth)|homework|"
      + "worksheets|(actual|practical|real|concrete) (tools|skills|strategies|techniques)|touchy-?feely|won'?t just nod)");
  /** Not about therapy at all: the website or app, a job, a school project. */
  static final Pattern OFF_TOPIC = p("\\b(hiring|job openings?|join your team|(a|an|my) (paper|thesis|dissertation|article|essay|school "
      + "project|class project|research project)|interview (someone|you)|for a (school|class) project|(your|the) (app|website|"
      + "site|portal) (is|keeps|won'?t|doesn'?t|isn'?t|says|crashed|broke|logged)|tell me a joke|cover letter|(write|help me "
      + "write|draft) (me )?(a|an|my) (poem|story|essay|resume|cv|email|letter)|reminder (texts?|emails?|messages?|calls?)|"
      + "stop (sending|texting|emailing|calling) me|unsubscribe|upload\\w*|log ?in\\b|password|just spins|keeps crashing|phone just rings)");

  /** The first index in {@code text} where {@code pattern} matches; -1 when it does not. */
  static int firstAt(Pattern pattern, String text) {
    Matcher m = pattern.matcher(text);
    return m.find() ? m.start() : -1;
  }
}
