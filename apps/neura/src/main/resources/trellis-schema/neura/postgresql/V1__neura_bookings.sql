-- Neura's bookings in the server's database (so they outlive the process and every server on it sees the same
-- calendar). ref: the booking's reference, random (never a counter); n: the patient's own count of bookings (order
-- only); idempotency_key: the turn's key, qualified by the patient; status 'booked' or 'cancelled'; session_date (ISO)
-- and session_time (15:00, or morning / afternoon / evening; null: the care team sets it).
-- neura_booking_changes: one row per cancel or move request, so a replayed turn changes nothing again.
-- neura_booking_locks: one row per provider, written first by every booking or move of that provider's sessions, so
-- checking a slot is free and taking it is one step against concurrent bookings (a row lock on PostgreSQL, the
-- write lock on SQLite). The dialects' common subset.
CREATE TABLE IF NOT EXISTS neura_bookings (ref TEXT PRIMARY KEY, idempotency_key TEXT NOT NULL UNIQUE,
  patient_id TEXT NOT NULL, provider_id TEXT NOT NULL, n INTEGER NOT NULL, status TEXT NOT NULL DEFAULT 'booked',
  moved_to TEXT, session_date TEXT, session_time TEXT);
CREATE INDEX IF NOT EXISTS neura_bookings_patient ON neura_bookings (patient_id, n);
CREATE INDEX IF NOT EXISTS neura_bookings_slot ON neura_bookings (provider_id, session_date);
CREATE TABLE IF NOT EXISTS neura_booking_changes (idempotency_key TEXT PRIMARY KEY, ref TEXT NOT NULL,
  action TEXT NOT NULL, moved_to TEXT, session_date TEXT, session_time TEXT);
CREATE TABLE IF NOT EXISTS neura_booking_locks (provider_id TEXT PRIMARY KEY, n BIGINT NOT NULL DEFAULT 0);
