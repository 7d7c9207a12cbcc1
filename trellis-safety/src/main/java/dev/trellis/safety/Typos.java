package dev.trellis.safety;

/** One typo: an insertion, a deletion, a substitution or a swap of neighbours (Damerau, bounded). */
final class Typos {
  private Typos() {
  }

  static boolean withinOne(String a, String b) {
    int la = a.length();
    int lb = b.length();
    if (Math.abs(la - lb) > 1) {
      return false;
    }
    int i = 0;
    while (i < la && i < lb && a.charAt(i) == b.charAt(i)) {
      i++;
    }
    if (i == la && i == lb) {
      return true;
    }
    if (la == lb) {
      // substitution, or a swap of neighbours
      if (a.regionMatches(i + 1, b, i + 1, la - i - 1)) {
        return true;
      }
      return i + 1 < la && a.charAt(i) == b.charAt(i + 1) && a.charAt(i + 1) == b.charAt(i)
          && a.regionMatches(i + 2, b, i + 2, la - i - 2);
    }
    return la > lb ? a.regionMatches(i + 1, b, i, lb - i) : b.regionMatches(i + 1, a, i, la - i);
  }
}
