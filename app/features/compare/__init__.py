"""The Compare tab: 2 to 5 tokenizers side by side, their summary, where they cut differently, corpus mode and vocabulary overlap."""
