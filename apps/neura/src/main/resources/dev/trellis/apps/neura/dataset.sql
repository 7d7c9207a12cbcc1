-- bookings are not here: Bookings keeps them (the server's database when served; trellis-schema/neura).
-- providers: the seed's five columns, then what the offline navigator matches preferences on and answers
-- questions with (round fifteen): gender, languages, formats (online / in person), hours (as told to a patient),
-- slots (the times and days hours covers, one word each), insurance (in network), fee (self-pay, dollars per
-- 50-minute session), sliding (1: a sliding scale) and pronoun (how replies refer to the provider); schedule (round
-- seventeen): the hours per weekday, "day from-to" in whole hours, what a day and time asked for is checked against.
CREATE TABLE providers (id TEXT PRIMARY KEY, name TEXT, modality TEXT, specialties TEXT, accepting INTEGER,
  gender TEXT, languages TEXT, formats TEXT, hours TEXT, slots TEXT, insurance TEXT, fee INTEGER, sliding INTEGER,
  pronoun TEXT, schedule TEXT);
CREATE TABLE patients (id TEXT PRIMARY KEY, name TEXT, age INTEGER, concerns TEXT, preferred_modality TEXT);
CREATE TABLE sessions (id INTEGER PRIMARY KEY, patient_id TEXT, provider_id TEXT, day TEXT, note TEXT);
INSERT INTO providers VALUES ('prov-ana', 'Dr. Ana Ruiz', 'CBT', 'anxiety,insomnia', 1, 'female', 'English,Spanish', 'online,in person', 'weekday mornings and afternoons, Monday to Thursday', 'morning,afternoon,weekday,monday,tuesday,wednesday,thursday', 'Aetna,Blue Cross', 140, 0, 'she', 'monday 9-17,tuesday 9-17,wednesday 9-17,thursday 9-17');
INSERT INTO providers VALUES ('prov-ben', 'Ben Okafor, LCSW', 'ACT', 'depression,grief', 1, 'male', 'English,Yoruba', 'online', 'evenings on Tuesday and Thursday, and Saturday mornings', 'evening,morning,weekday,weekend,tuesday,thursday,saturday', 'Aetna,Cigna,Medicaid', 110, 1, 'he', 'tuesday 17-20,thursday 17-20,saturday 9-12');
INSERT INTO providers VALUES ('prov-chen', 'Dr. Mei Chen', 'EMDR', 'trauma,anxiety', 0, 'female', 'English,Mandarin,Cantonese', 'in person', 'Monday, Wednesday and Friday mornings', 'morning,weekday,monday,wednesday,friday', 'Blue Cross,United', 160, 0, 'she', 'monday 9-12,wednesday 9-12,friday 9-12');
INSERT INTO providers VALUES ('prov-dia', 'Dia Larsen, LMFT', 'family systems', 'relationships,parenting', 1, 'female', 'English,Danish', 'online,in person', 'afternoons and evenings, Wednesday to Friday, and Saturdays', 'afternoon,evening,weekday,weekend,wednesday,thursday,friday,saturday', 'Cigna,United', 130, 1, 'she', 'wednesday 12-20,thursday 12-20,friday 12-20,saturday 10-16');
INSERT INTO patients VALUES ('pat-1', 'Sam', 34, 'anxiety,insomnia', 'CBT');
INSERT INTO patients VALUES ('pat-2', 'Jo', 51, 'grief', 'ACT');
INSERT INTO patients VALUES ('pat-3', 'Kai', 27, 'trauma', NULL);
INSERT INTO sessions VALUES (1, 'pat-1', 'prov-ana', '2026-10-02', 'intake; sleep diary started');
INSERT INTO sessions VALUES (2, 'pat-1', 'prov-ana', '2026-10-16', 'worry time technique');
INSERT INTO sessions VALUES (3, 'pat-2', 'prov-ben', '2026-11-01', 'values card sort');
