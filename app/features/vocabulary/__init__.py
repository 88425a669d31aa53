"""The Vocabulary tab: every token of a tokenizer (id, text, bytes, parents, count), search, filters and the merge tree."""
