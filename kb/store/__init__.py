"""The store stage: the KB's one SQLite file. All SQL lives here."""
