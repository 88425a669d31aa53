"""The Tokenize tab: live colored chips of typed text, the pre-tokenization strip and Explain (one piece merged step by step)."""
