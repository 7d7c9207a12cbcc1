"""Writes croniter-expectations.jsonl: for each schedule, croniter's next three fire times after fixed times in the
cron's zone, or croniter's refusal. croniter is the parser LangGraph's server reads cron schedules with.
Run: python croniter_expectations.py > croniter-expectations.jsonl (with croniter installed)."""
import json
from datetime import datetime
from zoneinfo import ZoneInfo
from croniter import croniter
cases = [
 ("*/5 * * * *", None), ("0 9 * * mon-fri", None), ("0 9 * * MON-FRI", None), ("30 6 1 jan *", None),
 ("0 0 1 JAN,jul *", None), ("@daily", None), ("@hourly", None), ("@weekly", None), ("@monthly", None),
 ("@yearly", None), ("@annually", None), ("@midnight", None), ("0 0 L * *", None), ("0 12 * * 5#3", None),
 ("0 0 * * 7", None), ("0 0 * * 0", None), ("15 10 1,15 * wed", None), ("0 0 29 2 *", None),
 ("0 22 * * 1-5/2", None), ("5-10/2 * * * *", None), ("0 9 * * sun", None), ("0 0 ? * *", None),
 ("0 0 * * L5", None), ("0 0 * * 5L", None), ("0 8 * * sat,sun", None), ("0 0 1 */3 *", None),
 ("30 6 * * *", "Europe/Paris"), ("0 9 * * mon-fri", "America/New_York"), ("30 2 * * *", "Asia/Tokyo"),
 ("0 9 1 * *", "Asia/Kolkata"),
 # bad
 ("61 * * * *", None), ("* * *", None), ("* x * * *", None), ("@every 5m", None), ("0 0 31 2 *", None),
 ("0 0 * * 8", None), ("0 9 * * mon-xyz", None), ("1-70 * * * *", None), ("0 0 32 * *", None), ("0 24 * * *", None),
 ("* * * * * *", None), ("0 0 0 * *", None), ("0 0 * 13 *", None), ("*/0 * * * *", None),
]
bases = ["2026-11-26T13:47:30", "2026-03-07T23:59:00", "2027-12-31T23:59:00"]
out = []
for expr, tz in cases:
    zone = ZoneInfo(tz or "UTC")
    for b in bases:
        base = datetime.fromisoformat(b).replace(tzinfo=zone)
        try:
            it = croniter(expr, base)
            nxt = [it.get_next(datetime).isoformat() for _ in range(3)]
            out.append({"schedule": expr, "timezone": tz, "after": base.isoformat(), "next": nxt})
        except Exception as e:
            out.append({"schedule": expr, "timezone": tz, "after": base.isoformat(), "error": type(e).__name__ + ": " + str(e)[:100]})
# Daylight-saving changes (America/New_York: 2026-03-08 skips 02:00-03:00, 2026-11-01 repeats 01:00-02:00). Where a
# match falls in the skipped hour ("gap"), croniter's answer depends on the schedule (a daily 02:30 fires at 03:00, an
# hourly :15 at 03:15): such entries are marked, and Trellis's rule is tested on its own.
dst = [("30 2 * * *", "2026-03-07T23:59:00", True), ("0 2 * * *", "2026-03-07T23:59:00", True),
       ("*/30 * * * *", "2026-03-08T01:00:00", True), ("15 * * * *", "2026-03-08T00:00:00", True),
       ("30 1 * * *", "2026-10-31T23:59:00", False), ("*/30 * * * *", "2026-11-01T00:10:00", False),
       ("15 * * * *", "2026-11-01T00:00:00", False), ("30 2 8 3 *", "2026-03-01T00:00:00", True),
       ("0 9 * * *", "2026-03-07T12:00:00", False)]
for expr, b, gap in dst:
    base = datetime.fromisoformat(b).replace(tzinfo=ZoneInfo("America/New_York"))
    it = croniter(expr, base)
    out.append({"schedule": expr, "timezone": "America/New_York", "after": base.isoformat(),
                "next": [it.get_next(datetime).isoformat() for _ in range(3)], "gap": gap})
for o in out: print(json.dumps(o))
