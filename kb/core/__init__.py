"""The lowest stage: rule numbers, references, the document model, errors, dates, languages, text input."""
