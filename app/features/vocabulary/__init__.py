"""The Vocabulary tab: every token of a tokenizer (id, text, bytes, parents, count), search, filters and the merge tree.

:mod:`.view` composes the tab; :mod:`.search_bar` is the search row, :mod:`.tree_panel` the
merge tree; :mod:`.model` is the table's model, :mod:`.search` parses queries, and
:mod:`.merge_tree` builds a token's tree."""
