"""The Sweep tab: bytes per token against vocabulary size from one training, on held-out texts, with OpenAI's encodings as reference points."""
