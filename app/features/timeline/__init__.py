"""The Timeline tab: a slider over a tokenizer's merges, the text as of merge k and its token curve; follows a running training."""
