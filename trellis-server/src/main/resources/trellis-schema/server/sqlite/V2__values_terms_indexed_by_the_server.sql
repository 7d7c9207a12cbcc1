-- A thread's values are indexed by the server when it stores them (ThreadTerms.values), from a copy with every
-- list left empty: the trigger walked the whole state (a long thread's message list) on every run.
DROP TRIGGER IF EXISTS trellis_threads_terms_values;
